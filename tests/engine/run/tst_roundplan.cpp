// RoundPlan on its own: which finalists it picks, which rounds it asks for (fixed, then only
// for finalists whose rounds disagree), and what a resumed run still needs.
#include "run/roundplan.h"

#include <QTest>

using namespace tb;

namespace {

Result timed(double median)
{
    Result result;
    result.summary = {median, median, median, 0, 10, 0.001};
    return result;
}

// Offers size 0's candidates with the given round-1 medians (lower is better), ids 1, 2, ...
void offerAll(RoundPlan &plan, const std::vector<double> &medians)
{
    for (std::size_t i = 0; i < medians.size(); ++i)
        plan.offer(std::int64_t(i + 1), 0, "C=" + std::to_string(i), Configuration{{double(i)}},
                   medians[i], timed(medians[i]));
}

} // namespace

class TestRoundPlan : public QObject
{
    Q_OBJECT

private slots:
    void picksTheBestPerSizeAndAsksForEveryFixedRound()
    {
        RoundPlan plan(3, 3, 2, 0.01);
        offerAll(plan, {3.0, 1.0, 2.0, 4.0});
        plan.offer(9, 1, "C=9", Configuration{{9}}, 5.0, timed(5.0)); // another size
        plan.chooseFinalists();
        QCOMPARE(plan.finalists().size(), std::size_t(3));
        QCOMPARE(plan.finalists()[0].resultId, std::int64_t(2)); // 1.0
        QCOMPARE(plan.finalists()[1].resultId, std::int64_t(3)); // 2.0
        QCOMPARE(plan.finalists()[2].resultId, std::int64_t(9));
        QCOMPARE(plan.nextRound(), std::optional<int>(2));
        QCOMPARE(plan.plannedJobs(), std::uint64_t(6));
        for (const auto &job : plan.jobs(2))
            plan.record(job, timed(9.0)); // wildly off: fixed rounds ask anyway
        QCOMPARE(plan.nextRound(), std::optional<int>(3));
        for (const auto &job : plan.jobs(3))
            plan.record(job, timed(9.0));
        QCOMPARE(plan.nextRound(), std::nullopt); // max_rounds = rounds: no more
        QCOMPARE(plan.doneJobs(), std::uint64_t(6));
    }

    // Of equal objectives the one offered first ranks first; the finalists keep no samples.
    void tiesGoToTheFirstOffered()
    {
        RoundPlan plan(2, 2, 2, 0.01);
        Result withSamples = timed(1.0);
        withSamples.samples = {1.0, 1.0, 1.0};
        plan.offer(7, 0, "C=7", Configuration{{7}}, 1.0, withSamples);
        plan.offer(8, 0, "C=8", Configuration{{8}}, 3.0, timed(3.0));
        plan.offer(9, 0, "C=9", Configuration{{9}}, 1.0, timed(1.0));
        plan.offer(10, 0, "C=10", Configuration{{10}}, 1.0, timed(1.0));
        plan.chooseFinalists();
        QCOMPARE(plan.finalists().size(), std::size_t(2));
        QCOMPARE(plan.finalists()[0].resultId, std::int64_t(7));
        QCOMPARE(plan.finalists()[1].resultId, std::int64_t(9));
        QVERIFY(plan.finalists()[0].first.samples.empty());
    }

    void adaptiveRoundsGoOnOnlyWhileRoundsDisagree()
    {
        RoundPlan plan(2, 4, 2, 0.01); // 2 rounds, up to 4 while they differ by > 1%
        offerAll(plan, {1.0, 2.0});
        plan.chooseFinalists();
        auto jobs = plan.jobs(2);
        QCOMPARE(jobs.size(), std::size_t(2));
        plan.record(jobs[0], timed(1.005));                       // agrees with 1.0
        const Result combined = plan.record(jobs[1], timed(2.1)); // 5% off 2.0
        QCOMPARE(combined.summary.median, 2.05);
        QCOMPARE(plan.nextRound(), std::optional<int>(3));
        jobs = plan.jobs(3);
        QCOMPARE(jobs.size(), std::size_t(1));
        QCOMPARE(jobs[0].finalist, std::size_t(1));
        QCOMPARE(plan.plannedJobs(), std::uint64_t(3)); // 2 done + 1 asked for
        plan.record(jobs[0], timed(2.0));               // 2.0, 2.1, 2.0: still 5% apart
        QCOMPARE(plan.jobs(4).size(), std::size_t(1));
        plan.record(plan.jobs(4)[0], timed(2.0));
        QCOMPARE(plan.nextRound(), std::nullopt); // the maximum reached
        QCOMPARE(plan.roundMedians(1), (std::vector<double>{2.0, 2.1, 2.0, 2.0}));
        QCOMPARE(plan.roundClocks(1), (std::vector<double>{0, 0, 0, 0})); // none carried one
        // A finalist that stopped early is never taken up again.
        QVERIFY(plan.jobs(4).empty());
    }

    // Each ok round's SM clock, in the order of its median; a failed round has neither.
    void roundsKeepTheClockTheyWereTimedAt()
    {
        RoundPlan plan(3, 3, 1, 0.01);
        Result first = timed(1.0);
        first.resources["sm_clock_effective_mhz"] = 1994.6;
        plan.offer(1, 0, "C=0", Configuration{{0}}, 1.0, first);
        plan.chooseFinalists();
        Result second = timed(1.02);
        second.resources["sm_clock_effective_mhz"] = 1980.1;
        plan.record(plan.jobs(2)[0], second);
        Result failed;
        failed.status = ResultStatus::RuntimeError;
        failed.resources["sm_clock_effective_mhz"] = 1979.0;
        plan.record(plan.jobs(3)[0], failed);
        QCOMPARE(plan.roundMedians(0), (std::vector<double>{1.0, 1.02}));
        QCOMPARE(plan.roundClocks(0), (std::vector<double>{1994.6, 1980.1}));
    }

    // One busy round can move the median of the rounds' medians: the combined result keeps the
    // highest load any round read, so its caveat and verify's judgement see it.
    void theCombinedResultKeepsTheBusiestRoundsLoad()
    {
        RoundPlan plan(3, 3, 1, 0.01);
        Result first = timed(1.0);
        first.resources = {{"other_cpu_load", 0.1}, {"cpu_pressure", 0.0}};
        plan.offer(1, 0, "C=0", Configuration{{0}}, 1.0, first);
        plan.chooseFinalists();
        Result busy = timed(1.3);
        busy.resources = {{"other_cpu_load", 0.0}, {"cpu_pressure", 0.9}, {"cpu_wait", 0.4}};
        plan.record(plan.jobs(2)[0], busy);
        Result quiet = timed(1.0);
        quiet.resources = {{"other_cpu_load", 0.3}, {"cpu_pressure", 0.2}};
        const Result combined = plan.record(plan.jobs(3)[0], quiet);
        QCOMPARE(combined.resource("other_cpu_load"), std::optional<double>(0.3));
        QCOMPARE(combined.resource("cpu_pressure"), std::optional<double>(0.9));
        QCOMPARE(combined.resource("cpu_wait"), std::optional<double>(0.4));
        // A figure no round has stays absent.
        QVERIFY(!combined.resource("energy_j"));
    }

    // A resumed run: the stored rounds count, round 1 comes from the store, and only what is
    // missing is asked for.
    void aResumedRunAsksOnlyForWhatIsMissing()
    {
        RoundPlan plan(3, 3, 1, 0.01);
        StoredRound first;
        first.resultId = 1;
        first.round = 1;
        first.result = timed(1.0);
        StoredRound second = first;
        second.round = 2;
        second.result = timed(1.2);
        plan.addStored({first, second});
        QCOMPARE(plan.storedFirstRound(1)->median, 1.0);
        QVERIFY(!plan.storedFirstRound(2).has_value());
        offerAll(plan, {1.0});
        plan.chooseFinalists();
        QCOMPARE(plan.nextRound(), std::optional<int>(3));
        QCOMPARE(plan.doneJobs(), std::uint64_t(1));
        QCOMPARE(plan.plannedJobs(), std::uint64_t(2));
    }
};

QTEST_APPLESS_MAIN(TestRoundPlan)
#include "tst_roundplan.moc"
