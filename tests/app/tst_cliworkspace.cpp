// The workspace as several processes and media see it, through the real tunebench-cli
// (issue 17, defects 4 and 5): one writer per run, with a clear message for a second; a killed
// writer's run taken over; a workspace on read-only media read by runs, show, export, compare.
#include "clirunner.h"
#include "runstatetesting.h"

#include "storage/store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace tb;

namespace {

// faulty.json whose second configuration hangs for `timeoutSeconds`: a run that lasts.
QString writeSlowSpec(const QTemporaryDir &dir, int timeoutSeconds)
{
    QFile in(examplePath("tests/app/data/faulty.json"));
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QJsonObject spec = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = spec.value("kernel").toObject();
    kernel.insert("source", examplePath("tests/app/data/faulty.c"));
    spec.insert("kernel", kernel);
    spec.insert("parameters",
                QJsonArray{QJsonObject{{"name", "MODE"}, {"values", QJsonArray{0, 5}}}});
    QJsonObject measurement = spec.value("measurement").toObject();
    measurement.insert("timeout_seconds", timeoutSeconds);
    measurement.insert("process_rounds", 1);
    spec.insert("measurement", measurement);
    QFile out(dir.filePath("slow.json"));
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(spec).toJson());
    return out.fileName();
}

// The run's writer as the workspace names it, once the run exists.
std::optional<RunHolder> holderOfRun1(const QString &workspace)
{
    auto store = Store::openToRead(workspace.toStdString());
    if (!store)
        return std::nullopt;
    auto run = store->runs().read(1);
    return run ? run->holder : std::nullopt;
}

QByteArray sha256(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

// tunebench-cli as a user who cannot write `dir` (root is let through by permissions; it drops
// to nobody here, as a user of a read-only mount would be refused).
CliOutcome runCliUnprivileged(const QStringList &arguments)
{
    return runCliWith(arguments, [] {
        if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
            ::_exit(121);
    });
}

} // namespace

class TestCliWorkspace : public QObject
{
    Q_OBJECT

private slots:
    void secondTuneOfARunIsRefusedAndAKilledWriterIsTakenOver()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const QString spec = writeSlowSpec(dir, 8);
        QVERIFY(!spec.isEmpty());
        QProcess first;
        first.start(cliPath(), {"-w", workspace, "tune", spec, "--workers", "1"});
        QVERIFY(first.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(holderOfRun1(workspace).has_value(), 30000);
        QCOMPARE(holderOfRun1(workspace)->pid, std::int64_t(first.processId()));

        // Busy has its own exit code (8), so that a script can tell it from broken (1).
        const auto second = runCli({"-w", workspace, "tune", spec, "--workers", "1"});
        QCOMPARE(second.exitCode, 8);
        QVERIFY2(second.err.contains("run 1 of this spec is being tuned by another process (pid " +
                                     QString::number(first.processId())),
                 qPrintable(second.err));
        QVERIFY2(second.err.contains("--fresh"), qPrintable(second.err));
        QCOMPARE(first.state(), QProcess::Running); // the second touched nothing of it
        {
            auto store = Store::openToRead(workspace.toStdString());
            QVERIFY(store.hasValue());
            QCOMPARE(store->runs().read(1)->state, tb::RunState::Running);
        }

        first.kill(); // SIGKILL: the claim stays in the file, its process is gone
        QVERIFY(first.waitForFinished());
        const auto listed = runCli({"-w", workspace, "runs"});
        QVERIFY2(listed.out.contains("interrupted"), qPrintable(listed.out));

        const auto resumed = runCli({"-w", workspace, "tune", spec, "--workers", "1"});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.out + resumed.err));
        QVERIFY2(resumed.out.contains("Resuming run 1"), qPrintable(resumed.out));
        auto store = Store::openToRead(workspace.toStdString());
        QVERIFY(store.hasValue());
        QCOMPARE(store->runs().read(1)->state, tb::RunState::Finished);
        QVERIFY(!store->runs().read(1)->holder.has_value());
        QCOMPARE(store->results().ofRun(1)->size(), std::size_t(2));
    }

    void workspaceOnReadOnlyMediaIsRead()
    {
        QTemporaryDir dir;
        const QString workspace = dir.filePath("ws.tbw");
        const auto tuned =
            runCli({"-w", workspace, "tune", examplePath("tests/app/data/faulty.json"),
                    "--strategy", "brute_force", "--max-configs", "2"});
        QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.out + tuned.err));
        QVERIFY(!QFile::exists(workspace + "-wal")); // closed cleanly: the file alone

        // Readable, not writable, by anyone: as on read-only media.
        QVERIFY(QFile::setPermissions(workspace,
                                      QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        QVERIFY(QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner |
                                                      QFile::ReadGroup | QFile::ExeGroup |
                                                      QFile::ReadOther | QFile::ExeOther));
        const QByteArray before = sha256(workspace);

        const auto runs = runCliUnprivileged({"-w", workspace, "runs"});
        QVERIFY2(runs.exitCode == 0 && runs.out.contains("finished"),
                 qPrintable(runs.out + runs.err));
        const auto show = runCliUnprivileged({"-w", workspace, "show", "1"});
        QVERIFY2(show.exitCode == 0 && show.out.contains("MODE=0"),
                 qPrintable(show.out + show.err));
        const auto exported = runCliUnprivileged({"-w", workspace, "export", "1"});
        QVERIFY2(exported.exitCode == 0 && exported.out.contains("\"config\""),
                 qPrintable(exported.out + exported.err));
        const auto compared = runCliUnprivileged({"-w", workspace, "compare", "1", "1"});
        QVERIFY2(compared.exitCode == 0, qPrintable(compared.out + compared.err));

        QCOMPARE(sha256(workspace), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"ws.tbw"});
        QVERIFY(QFile::setPermissions(dir.path(),
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }

    // `runs` on an empty file made it a workspace, though reading commands write nothing
    // (issue 34, item 8): every one of them refuses it and leaves it empty.
    void readingCommandsLeaveAnEmptyFileEmpty()
    {
        QTemporaryDir dir;
        const QString empty = dir.filePath("empty.tbw");
        QFile file(empty);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QList<QStringList> commands{
            {"runs"}, {"show", "1"}, {"export", "1"}, {"compare", "1", "2"}};
        for (const QStringList &command : commands) {
            const auto outcome = runCli(QStringList{"-w", empty} + command);
            QVERIFY2(outcome.exitCode == 3, qPrintable(command.join(' ') + ": " + outcome.err));
            QVERIFY2(outcome.err.contains("is not a Tunebench workspace (it is empty)"),
                     qPrintable(outcome.err));
            QCOMPARE(QFileInfo(empty).size(), qint64(0));
        }
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"empty.tbw"});
    }
};

QTEST_GUILESS_MAIN(TestCliWorkspace)
#include "tst_cliworkspace.moc"
