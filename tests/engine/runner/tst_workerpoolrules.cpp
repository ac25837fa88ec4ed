// WorkerPool's rules, without processes: crash quarantine, restart back-off, the launcher-loss
// budget, the hello and setup checks, what is logged of a worker's stderr, how a failed job is
// worded and the outcomes kept for the caller.
#include "runner/crashquarantine.h"
#include "runner/handshakecheck.h"
#include "runner/jobfailure.h"
#include "runner/joboutcomes.h"
#include "runner/launcherlossbudget.h"
#include "runner/logqueue.h"
#include "runner/restartbackoff.h"
#include "runner/stderrcapture.h"

#include "protocol/messagecodec.h"

#include <QTest>

using namespace tb;
using namespace tb::runner_detail;

namespace {

JobRequest job(std::vector<double> values, std::size_t sizeIndex)
{
    JobRequest request;
    request.config.values = std::move(values);
    request.sizeIndex = sizeIndex;
    return request;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestWorkerPoolRules : public QObject
{
    Q_OBJECT

private slots:
    void quarantinesAConfigurationAfterItsKillsPerSize()
    {
        CrashQuarantine quarantine(2);
        QVERIFY(!quarantine.quarantined(job({1, 2}, 0)));
        QCOMPARE(quarantine.recordKill(job({1, 2}, 0)), 1);
        QVERIFY(quarantine.retries(1));
        QVERIFY(!quarantine.quarantined(job({1, 2}, 0)));
        QCOMPARE(quarantine.recordKill(job({1, 2}, 0)), 2);
        QVERIFY(!quarantine.retries(2));
        QCOMPARE(quarantine.quarantined(job({1, 2}, 0)).value_or(0), 2);
        QVERIFY(!quarantine.quarantined(job({1, 2}, 1))); // another size
        QVERIFY(!quarantine.quarantined(job({1, 3}, 0))); // another configuration
    }

    void backsOffThenGivesUp()
    {
        const RestartBackoff restarts(3);
        const auto now = RestartBackoff::Clock::now();
        QCOMPARE(restarts.nextStart(1, now).value(), now + RestartBackoff::kStep);
        QCOMPARE(restarts.nextStart(2, now).value(), now + 2 * RestartBackoff::kStep);
        QVERIFY(!restarts.nextStart(3, now));
    }

    void dropsALocationAtItsLimitOfLosses()
    {
        LauncherLossBudget budget(2);
        QVERIFY(!budget.recordLoss());
        QVERIFY(budget.recordLoss());
        QCOMPARE(budget.losses(), 2);
        QVERIFY(!budget.dropped());
        budget.markDropped();
        QVERIFY(budget.dropped());
    }

    void acceptsAHelloOfTheRightVersionAndRole()
    {
        const HelloMessage hello{kProtocolVersion, "1.0", "cuda", 7, "node", "GPU", {}};
        const auto accepted = checkHello(encode(hello), WorkerRole::Cuda, "worker 'w'");
        QVERIFY(accepted);
        QCOMPARE(accepted->pid, std::int64_t(7));

        const auto otherRole = checkHello(encode(hello), WorkerRole::Cpu, "worker 'w'");
        QVERIFY(!otherRole);
        QCOMPARE(otherRole.error().message,
                 std::string("worker 'w' has role 'cuda', expected 'cpu'"));

        HelloMessage old = hello;
        old.protocol = kProtocolVersion - 1;
        const auto otherVersion = checkHello(encode(old), WorkerRole::Cuda, "worker 'w'");
        QVERIFY(!otherVersion);
        QVERIFY(contains(otherVersion.error().message, "speaks protocol"));

        const auto notAHello = checkHello(encode(ReadyMessage{}), WorkerRole::Cuda, "worker 'w'");
        QVERIFY(!notAHello);
        QCOMPARE(notAHello.error().code, EngineError::Code::ProtocolError);
    }

    void acceptsReadyAndRefusesAFailedSetup()
    {
        QVERIFY(checkSetupAnswer(Message{ReadyMessage{}}, "worker", "worker 'w'"));
        const Status failed =
            checkSetupAnswer(Message{SetupFailedMessage{"no GPU", "detail"}}, "worker", "w");
        QVERIFY(!failed);
        QCOMPARE(failed.error().message, std::string("worker setup failed: no GPU"));
        QCOMPARE(failed.error().detail, std::string("detail"));
        const Status broken = checkSetupAnswer(Message{ShutdownMessage{}}, "worker", "w");
        QVERIFY(!broken);
        QCOMPARE(broken.error().code, EngineError::Code::ProtocolError);
    }

    void logsStderrUpToABudgetAndKeepsTheTail()
    {
        StderrCapture capture;
        QVERIFY(capture.add("first"));
        QVERIFY(capture.endOutput("worker 0: ").empty()); // nothing dropped
        const std::string big(StderrCapture::kLoggedBytesPerJob, 'x');
        QVERIFY(!capture.add(big + "!")); // over the budget: counted, not logged
        const auto note = capture.endOutput("worker 0: ");
        QCOMPARE(note.size(), std::size_t(2)); // the note and the one dropped line
        QVERIFY(contains(note.front(), "1 lines) dropped"));
        QCOMPARE(note.back(), "worker 0: " + big + "!");
        for (int i = 0; i < 20; ++i)
            capture.add("line " + std::to_string(i));
        QCOMPARE(capture.tail().size(), StderrCapture::kTailLines);
        QCOMPARE(capture.tail().back(), std::string("line 19"));
        capture.reset();
        QVERIFY(capture.tail().empty());
    }

    void dropsTheOldestLogLinesAndSaysSo()
    {
        LogQueue log;
        for (std::size_t i = 0; i < LogQueue::kMaxLines + 5; ++i)
            log.push("line " + std::to_string(i));
        const auto lines = log.take();
        QCOMPARE(lines.size(), LogQueue::kMaxLines + 1);
        QVERIFY(contains(lines.front(), "5 log lines dropped"));
        QCOMPARE(lines[1], std::string("line 5"));
        QVERIFY(log.take().empty());
    }

    void wordsAFailedJob()
    {
        QCOMPARE(secondsText(2.5), std::string("2.5 s"));
        QCOMPARE(secondsText(std::chrono::milliseconds(1500)), std::string("1.5 s"));
        QCOMPARE(workerCountText(1), std::string("1 worker"));
        QCOMPARE(workerCountText(3), std::string("3 workers"));
        QCOMPARE(asProtocolError("bad frame"), std::string("protocol error: bad frame"));
        QCOMPARE(asProtocolError("protocol error: bad"), std::string("protocol error: bad"));

        const Result quarantined = quarantinedResult(2);
        QVERIFY(quarantined.status == ResultStatus::WorkerCrashed);
        QVERIFY(contains(quarantined.message, "already killed 2 worker(s)"));
        const Result timedOut = timedOutResult(1.5);
        QVERIFY(timedOut.status == ResultStatus::Timeout);
        QVERIFY(contains(timedOut.message, "its limit of 1.5 s"));
        QVERIFY(referenceFailedResult("ref").status == ResultStatus::ReferenceFailed);

        StderrCapture capture;
        QCOMPARE(killedWorkerResult("worker killed", 1, capture).message,
                 std::string("worker killed (1 worker lost on this configuration)"));
        capture.add("segfault here");
        const Result killed = killedWorkerResult("worker killed", 2, capture);
        QVERIFY(killed.status == ResultStatus::WorkerCrashed);
        QCOMPARE(killed.message, std::string("worker killed (2 workers lost on this configuration)"
                                             "; last stderr lines:\n") +
                                     capture.tailText());
    }

    void keepsOutcomesWithTheWorkerThatRanThem()
    {
        JobOutcomes outcomes;
        QVERIFY(outcomes.empty());
        WorkerSlot slot;
        slot.index = 3;
        slot.host = "node7";
        slot.device = "cpu: test";
        JobRequest ran = job({1, 2}, 1);
        ran.id = 42;
        outcomes.add(&slot, ran, timedOutResult(1), true);
        outcomes.add(nullptr, job({3}, 0), quarantinedResult(2));
        QVERIFY(!outcomes.empty());
        const auto taken = outcomes.take();
        QVERIFY(outcomes.empty());
        QCOMPARE(taken.size(), std::size_t(2));
        QCOMPARE(taken[0].id, std::uint64_t(42));
        QCOMPARE(taken[0].sizeIndex, std::size_t(1));
        QCOMPARE(taken[0].workerIndex, 3);
        QCOMPARE(taken[0].host, std::string("node7"));
        QCOMPARE(taken[0].device, std::string("cpu: test"));
        QVERIFY(taken[0].lost);
        QCOMPARE(taken[1].workerIndex, -1); // quarantined: no worker ran it
        QVERIFY(taken[1].host.empty());
        QVERIFY(!taken[1].lost);
    }
};

QTEST_GUILESS_MAIN(TestWorkerPoolRules)
#include "tst_workerpoolrules.moc"
