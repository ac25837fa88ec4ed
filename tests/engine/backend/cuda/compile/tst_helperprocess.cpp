#include "backend/cuda/compile/helperprocess.h"

#include <QTest>

#include <csignal>
#include <sys/wait.h>

using namespace tb;

// Real helper programs: cat answers each line with itself; sh plays one that exits or hangs.
class TestHelperProcess : public QObject
{
    Q_OBJECT

private slots:
    void exchangesLinesWithARunningHelper()
    {
        auto helper = HelperProcess::start({"cat"});
        QVERIFY(helper.hasValue());
        for (const std::string line : {"{\"op\":\"versions\"}", "second", ""}) {
            auto answer = helper->exchange(line, 10);
            QVERIFY2(answer.hasValue(), answer ? "" : answer.error().toString().c_str());
            QCOMPARE(*answer, line);
        }
        // A long line arrives whole, however the socket splits it.
        const std::string longLine(300000, 'x');
        auto answer = helper->exchange(longLine, 10);
        QVERIFY(answer.hasValue());
        QCOMPARE(answer->size(), longLine.size());
    }

    void saysHowAHelperThatExitedEnded()
    {
        auto helper = HelperProcess::start({"sh", "-c", "read line; exit 3"});
        QVERIFY(helper.hasValue());
        auto answer = helper->exchange("anything", 10);
        QVERIFY(!answer.hasValue());
        QVERIFY2(answer.error().message.find("exited with status 3") != std::string::npos,
                 answer.error().message.c_str());
        QVERIFY(!helper->running());
        // Writing to a helper that is gone is an error, not a SIGPIPE that kills the caller.
        QVERIFY(!helper->exchange("again", 1).hasValue());
    }

    void killsAHelperThatDoesNotAnswerInTime()
    {
        auto helper = HelperProcess::start({"sh", "-c", "sleep 60"});
        QVERIFY(helper.hasValue());
        const pid_t pid = helper->pid();
        auto answer = helper->exchange("hello", 0.3);
        QVERIFY(!answer.hasValue());
        QVERIFY2(answer.error().message.find("did not answer") != std::string::npos,
                 answer.error().message.c_str());
        QVERIFY(!helper->running());
        QCOMPARE(::kill(pid, 0), -1); // killed and reaped: the pid is gone
    }

    void failsToStartAProgramThatDoesNotExist()
    {
        auto helper = HelperProcess::start({"/nonexistent/tunebench-helper"});
        QVERIFY(!helper.hasValue());
        QVERIFY(helper.error().message.find("/nonexistent/tunebench-helper") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestHelperProcess)
#include "tst_helperprocess.moc"
