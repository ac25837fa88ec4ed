// A CPU-backend tuning through a real sshd (label `ssh`; CI starts one on loopback with
// packaging/ci/start-sshd.sh): `tune --launcher ssh` over two host aliases of that sshd end to
// end, and with faults injected mid-run: the remote worker SIGKILLed as it starts a job, the
// sshd serving its connection SIGKILLed (ssh exits 255), a host whose sshd goes away (its
// restarts refused: the host is dropped). Each time the run completes, every configuration has
// exactly one result, all ok and with the measuring host. A host on a closed port from the
// start is dropped at the start, named, and the run goes on; with no other host the run fails.
#include "clirunner.h"
#include "completerun.h"
#include "sshtesting.h"
#include "watchedrun.h"

#include "storage/store.h"

#include <QDeadlineTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include <csignal>
#include <set>

using namespace tb;

class TestSshTuning : public QObject
{
    Q_OBJECT

private:
    // Runs `tune SPEC --launcher ssh --ssh-hosts HOSTS -F CONFIG -v`; `fault` runs once three
    // results are out, and says what went wrong ("" when it did its part).
    CliOutcome tuneOverSsh(const QString &workspace, const QString &hosts,
                           const std::function<QString(const ReadMore &)> &fault = {},
                           const QString &sshConfig = {})
    {
        QProcess cli;
        cli.start(cliPath(), {"--workspace", workspace, "tune", m_spec, "--launcher", "ssh",
                              "--ssh-hosts", hosts, "--ssh-arg", "-F", "--ssh-arg",
                              sshConfig.isEmpty() ? sshConfigPath() : sshConfig, "-v"});
        return readToEnd(cli, {threeResultsOut, fault}, m_faultNote);
    }

    // The remote worker of `host` as it starts a job: the pid its newest hello names, checked to
    // be a `--role cpu` tunebench-worker under an sshd (not the ssh client in front of it).
    // -1 when there is none.
    static int remoteWorkerStartingAJob(const ReadMore &readMore, const QString &host)
    {
        QDeadlineTimer giveUp(30000);
        while (!giveUp.hasExpired()) {
            const int pid = newestTaskPid(readMore(), "ssh " + host);
            const QByteArray role("--role\0cpu\0", 11);
            if (pid <= 0 || servingSshd(pid) <= 0 ||
                !procFile(QString::number(pid), "cmdline").contains(role))
                continue;
            return caughtStartingAJob(pid, 30000) ? pid : -1;
        }
        return -1;
    }

    // start-sshd.sh's client config plus `host` on 127.0.0.1:`port`.
    QString configWith(const QString &host, int port)
    {
        const QString path = m_dir.filePath(host + "_config");
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(QString("Include %1\nHost %2\n    HostName 127.0.0.1\n    Port %3\n")
                       .arg(sshConfigPath(), host)
                       .arg(port)
                       .toUtf8());
        return path;
    }

    // The log line of a worker at `location` lost to its launcher for `reason` (a pattern)
    // while measuring: its job handed back, not counted against its configuration.
    static QRegularExpression handedBack(const QString &location, const QString &reason)
    {
        return QRegularExpression("worker 0 on " + QRegularExpression::escape(location) +
                                  " lost to its launcher: " + reason +
                                  "[^\\n]*; job \\d+ handed back to run elsewhere, not counted "
                                  "against its configuration");
    }

    // What a failed check shows: the run's launcher and worker lines and its errors, not the
    // results (Qt Test cuts a long message short).
    static QString faultLines(const CliOutcome &outcome)
    {
        QStringList lines;
        for (const auto &line : (outcome.out + outcome.err).split('\n'))
            if (line.contains(
                    QRegularExpression("cpu supervisor:|cpu worker \\d+:|Measuring|error")))
                lines << line;
        return lines.join('\n');
    }

    // Every configuration of the grid exactly once, all ok with this machine as their host
    // (both aliases are this machine), the run finished.
    static void verifyComplete(const QString &workspace)
    {
        char host[256] = {};
        QCOMPARE(::gethostname(host, sizeof host - 1), 0);
        verifyCompleteRun(workspace, kConfigurations, host);
    }

    QTemporaryDir m_dir;
    QString m_spec;
    QString m_faultNote;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString problem = sshProblem("tb-ssh-a");
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // 500 samples: a few seconds a run, every job tens of milliseconds.
        m_spec = writeSlowSpec(m_dir.path(), 500);
        QVERIFY(!m_spec.isEmpty());
    }

    void tunesOverTwoHosts()
    {
        const QString workspace = m_dir.filePath("plain.tbw");
        const auto outcome = tuneOverSsh(workspace, "tb-ssh-a,tb-ssh-b");
        QVERIFY2(outcome.exitCode == 0, qPrintable(faultLines(outcome)));
        QVERIFY2(outcome.out.contains("Measuring workers: ssh to tb-ssh-a, tb-ssh-b"),
                 qPrintable(faultLines(outcome)));
        // Each host's measuring worker said hello through its ssh connection.
        for (const char *host : {"tb-ssh-a", "tb-ssh-b"})
            QVERIFY2(
                outcome.out.contains(QString("worker 0 on ssh %1: tunebench-worker").arg(host)),
                qPrintable(faultLines(outcome)));
        verifyComplete(workspace);
    }

    void aRemoteWorkerKilledMidRunIsRequeued()
    {
        const QString workspace = m_dir.filePath("killed.tbw");
        const auto outcome = tuneOverSsh(workspace, "tb-ssh-a,tb-ssh-b", [](const ReadMore &more) {
            const int worker = remoteWorkerStartingAJob(more, "tb-ssh-a");
            if (worker <= 0 || ::kill(worker, SIGKILL) != 0)
                return QString("no remote worker of tb-ssh-a caught starting a job");
            return QString();
        });
        QVERIFY2(m_faultNote.isEmpty(), qPrintable(m_faultNote + "\n" + faultLines(outcome)));
        QVERIFY2(outcome.exitCode == 0, qPrintable(faultLines(outcome)));
        QVERIFY2(outcome.out.contains(handedBack("ssh tb-ssh-a", "the remote worker was killed "
                                                                 "from outside \\(signal 9\\)")),
                 qPrintable(faultLines(outcome)));
        verifyComplete(workspace);
    }

    void aCutConnectionIsRequeued()
    {
        const QString workspace = m_dir.filePath("cut.tbw");
        const auto outcome = tuneOverSsh(workspace, "tb-ssh-a,tb-ssh-b", [](const ReadMore &more) {
            const int worker = remoteWorkerStartingAJob(more, "tb-ssh-b");
            const int sshd = worker > 0 ? servingSshd(worker) : -1;
            if (sshd <= 0 || ::kill(sshd, SIGKILL) != 0)
                return QString("no sshd found serving tb-ssh-b's worker as it starts a job");
            return QString();
        });
        QVERIFY2(m_faultNote.isEmpty(), qPrintable(m_faultNote + "\n" + faultLines(outcome)));
        QVERIFY2(outcome.exitCode == 0, qPrintable(faultLines(outcome)));
        // ssh's last words: "Connection to 127.0.0.1 closed by remote host."
        QVERIFY2(outcome.out.contains(handedBack("ssh tb-ssh-b", "ssh lost the connection "
                                                                 "\\(exit 255\\): Connection to "
                                                                 "127\\.0\\.0\\.1 closed")),
                 qPrintable(faultLines(outcome)));
        verifyComplete(workspace);
    }

    // A host that cannot be reached when the run starts is dropped there, named with ssh's
    // reason, and the other host measures everything; with no host left the start fails.
    void aHostOnAClosedPortIsDroppedAtTheStart()
    {
        const QString config = configWith("tb-ssh-closed", closedPort());
        QVERIFY(!config.isEmpty());
        const QString workspace = m_dir.filePath("closed.tbw");
        auto outcome = tuneOverSsh(workspace, "tb-ssh-a,tb-ssh-closed", {}, config);
        QVERIFY2(outcome.exitCode == 0, qPrintable(faultLines(outcome)));
        const QString all = outcome.out + outcome.err;
        QVERIFY2(all.contains(QRegularExpression("ssh tb-ssh-closed dropped at its start \\([^\\n]*"
                                                 "Connection refused[^\\n]*\\); the run goes on "
                                                 "without it")),
                 qPrintable(faultLines(outcome)));
        verifyComplete(workspace);

        outcome = tuneOverSsh(m_dir.filePath("closedonly.tbw"), "tb-ssh-closed", {}, config);
        QVERIFY2(outcome.exitCode == 1, qPrintable(faultLines(outcome)));
        QVERIFY2(outcome.err.contains("cannot start the cpu workers") &&
                     outcome.err.contains("Connection refused"),
                 qPrintable(outcome.err));
    }

    // tb-ssh-gone: a second sshd of the same settings, killed mid-run (its open connection
    // stays), then the worker behind that connection SIGKILLed: each restart's ssh is refused
    // (exit 255), and after three losses the host is dropped; tb-ssh-a measures the rest.
    void aHostWhoseSshdGoesAwayIsDropped()
    {
        const int port = closedPort();
        const QString config = configWith("tb-ssh-gone", port);
        QVERIFY(!config.isEmpty());
        QProcess sshd;
        const QString problem = startSecondSshd(sshd, port, config, "tb-ssh-gone");
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const QString workspace = m_dir.filePath("gone.tbw");
        const auto fault = [&](const ReadMore &more) {
            sshd.kill();
            sshd.waitForFinished();
            const int worker = remoteWorkerStartingAJob(more, "tb-ssh-gone");
            if (worker <= 0 || ::kill(worker, SIGKILL) != 0)
                return QString("no remote worker of tb-ssh-gone caught starting a job");
            return QString();
        };
        const auto outcome = tuneOverSsh(workspace, "tb-ssh-a,tb-ssh-gone", fault, config);
        QVERIFY2(m_faultNote.isEmpty(), qPrintable(m_faultNote + "\n" + faultLines(outcome)));
        QVERIFY2(outcome.exitCode == 0, qPrintable(faultLines(outcome)));
        QVERIFY2(outcome.out.contains(handedBack("ssh tb-ssh-gone", "the remote worker was "
                                                                    "killed from outside "
                                                                    "\\(signal 9\\)")),
                 qPrintable(faultLines(outcome)));
        QVERIFY2(outcome.out.contains("ssh tb-ssh-gone dropped: 3 workers lost to the launcher"),
                 qPrintable(faultLines(outcome)));
        QVERIFY2(outcome.out.contains(QString("port %1: Connection refused); the run goes on "
                                              "without it")
                                          .arg(port)),
                 qPrintable(faultLines(outcome)));
        verifyComplete(workspace);
    }
};

QTEST_GUILESS_MAIN(TestSshTuning)
#include "tst_sshtuning.moc"
