// A local worker's afterEnd command (WorkerLaunch::afterEnd) runs once the worker has ended,
// however it ended: killed with SIGKILL, or ended with its supervisor. Its scope keeper runs
// it (the GPU settings a killed CUDA worker changed are put back so). Real processes: the
// FAKE worker tb_fake_faulty_worker and a real `sh`.
#include "fakeworkerjobs.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace tb;
using namespace tbtest;

class TestWorkerAfterEnd : public QObject
{
    Q_OBJECT

private:
    // Options whose afterEnd appends `word` to a file; `sh` is found on PATH, as a bare
    // command's program is.
    SupervisorOptions options(const QString &word) const
    {
        SupervisorOptions options = fakeWorkerOptions(*m_state, 1);
        options.launch.afterEnd = {"sh",
                                   "-c",
                                   "echo \"$1\" >> \"$2\"",
                                   "sh",
                                   word.toStdString(),
                                   markPath().toStdString()};
        return options;
    }

    QString markPath() const { return m_state->filePath("after-end.txt"); }

    QString marks() const
    {
        QFile file(markPath());
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

    std::unique_ptr<QTemporaryDir> m_state;

private slots:
    void init()
    {
        m_state = std::make_unique<QTemporaryDir>();
        QVERIFY(m_state->isValid());
    }

    void cleanup() { QVERIFY(noChildProcesses()); }

    void runsOnceAWorkerIsKilled()
    {
        Supervisor supervisor(options("killed"));
        QVERIFY(supervisor.start().hasValue());
        QVERIFY(marks().isEmpty());
        const int pid = supervisor.workerPids().at(0);
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QTRY_COMPARE_WITH_TIMEOUT(marks(), QString("killed\n"), 10000);
    }

    void runsWhenItsSupervisorEnds()
    {
        {
            Supervisor supervisor(options("ended"));
            QVERIFY(supervisor.start().hasValue());
            QCOMPARE(statusOf(runOne(supervisor, job(1, Ok))), QStringLiteral("ok"));
        }
        // The supervisor waits for the keeper, which waits for afterEnd: done by now.
        QCOMPARE(marks(), QString("ended\n"));
    }

    void aWorkerWithoutOneEndsAsBefore()
    {
        {
            Supervisor supervisor(fakeWorkerOptions(*m_state, 1));
            QVERIFY(supervisor.start().hasValue());
        }
        QVERIFY(!QFile::exists(markPath()));
    }
};

QTEST_GUILESS_MAIN(TestWorkerAfterEnd)
#include "tst_workerafterend.moc"
