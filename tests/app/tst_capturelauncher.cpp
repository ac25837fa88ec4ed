// tunebench-capture through the real binary, with programs that never start CUDA (issue 37
// item 4, no GPU): the folder is finished however the application ends, and says why nothing
// was recorded; a used folder, a bad pattern or a missing command is refused before anything
// runs. The GPU side (a real application captured) is bench/capture's run on an H200.
#include "capture/capturemanifestreader.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

struct LauncherOutcome
{
    int exitCode = -1;
    QString out;
    QString err;
};

LauncherOutcome runLauncher(const QStringList &arguments)
{
    QProcess process;
    process.start(QStringLiteral(TB_CAPTURE_PATH), arguments);
    LauncherOutcome outcome;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return outcome;
    }
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

bool saysSomething(const CaptureManifest &manifest, const std::string &part)
{
    for (const auto &message : manifest.messages)
        if (message.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestCaptureLauncher : public QObject
{
    Q_OBJECT

private slots:
    void aProgramWithoutCudaLeavesAFolderThatSaysSo()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cap");
        const auto outcome = runLauncher({"--out", out, "--", "/bin/sh", "-c", "exit 0"});
        QCOMPARE(outcome.exitCode, 3); // nothing recorded
        const auto manifest = readCaptureManifest(out.toStdString());
        QVERIFY2(manifest.hasValue(), manifest ? "" : manifest.error().toString().c_str());
        QVERIFY(!manifest->complete);
        QVERIFY(saysSomething(*manifest, "never started CUDA"));
        QCOMPARE(manifest->command.front(), std::string("/bin/sh"));
        QVERIFY(outcome.out.contains("0 launches recorded"));
    }

    void theApplicationsExitAndSignalAreKept()
    {
        QTemporaryDir dir;
        const QString exited = dir.filePath("exited");
        runLauncher({"--out", exited, "--", "/bin/sh", "-c", "exit 7"});
        QCOMPARE(*readCaptureManifest(exited.toStdString())->exitCode, 7);

        const QString killed = dir.filePath("killed");
        runLauncher({"--out", killed, "--", "/bin/sh", "-c", "kill -SEGV $$"});
        const auto manifest = readCaptureManifest(killed.toStdString());
        QVERIFY(manifest.hasValue());
        QCOMPARE(manifest->signal, std::string("SIGSEGV"));
        QVERIFY(!manifest->exitCode);
    }

    void aProgramThatCannotStartIsNamed()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("cap");
        const auto outcome = runLauncher({"--out", out, "--", "/nonexistent/app"});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY(saysSomething(*readCaptureManifest(out.toStdString()),
                              "cannot start /nonexistent/app"));
    }

    void aUsedFolderIsRefusedAndKept()
    {
        QTemporaryDir dir;
        QFile mine(dir.filePath("notes.txt"));
        QVERIFY(mine.open(QIODevice::WriteOnly));
        mine.write("mine");
        mine.close();
        const auto outcome = runLauncher({"--out", dir.path(), "--", "/bin/true"});
        QCOMPARE(outcome.exitCode, 4);
        QVERIFY(outcome.err.contains("is not empty"));
        QVERIFY(!QFile::exists(dir.filePath("capture.json")));
        QVERIFY(mine.open(QIODevice::ReadOnly));
        QCOMPARE(mine.readAll(), QByteArray("mine"));
    }

    void aBadCommandLineIsRefused()
    {
        QTemporaryDir dir;
        const auto badPattern =
            runLauncher({"--kernel", "(", "--out", dir.filePath("a"), "--", "/bin/true"});
        QCOMPARE(badPattern.exitCode, 2);
        QVERIFY(badPattern.err.contains("no regular expression"));
        QCOMPARE(runLauncher({"--out", dir.filePath("b")}).exitCode, 2); // no application
        QCOMPARE(runLauncher({"--launches", "0", "--", "/bin/true"}).exitCode, 2);
        QVERIFY(!QFile::exists(dir.filePath("a")));
    }

    void helpNamesTheExitCodes()
    {
        const auto outcome = runLauncher({"--help"});
        QCOMPARE(outcome.exitCode, 0);
        QVERIFY(outcome.out.contains("--kernel"));
        QVERIFY(outcome.out.contains("3 nothing recorded"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureLauncher)
#include "tst_capturelauncher.moc"
