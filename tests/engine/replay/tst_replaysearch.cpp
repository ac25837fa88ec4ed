// replaySearch: a strategy run against a recording (tests/data/replay/kt_small.json: six
// configurations, three of them failures, the best 0.75 ms) with each kind of budget.
#include "replay/kerneltunercachereader.h"
#include "replay/replaysearch.h"

#include <QTest>

#include <algorithm>
#include <set>

using namespace tb;

namespace {

RecordedSpace smallSpace()
{
    auto space =
        readKernelTunerCache(std::string(TB_SOURCE_DIR) + "/tests/data/replay/kt_small.json");
    if (!space)
        qFatal("%s", space.error().message.c_str());
    return std::move(space.value());
}

struct Replay
{
    RecordedSpace recorded = smallSpace();
    SearchSpace space = recorded.searchSpace().value();

    Expected<ReplayOutcome> run(const ReplaySettings &settings, ReplayMode mode = ReplayMode::Mean,
                                std::uint64_t seed = 1)
    {
        auto evaluator =
            ReplayEvaluator::create(recorded, mode, seed, ReplayEvaluator::singleDraw());
        if (!evaluator)
            return evaluator.error();
        return replaySearch(*evaluator, space, settings);
    }
};

std::vector<std::string> keys(const ReplayOutcome &outcome, const std::vector<Parameter> &params)
{
    std::vector<std::string> out;
    for (const auto &step : outcome.steps)
        out.push_back(step.config.key(params));
    return out;
}

} // namespace

class TestReplaySearch : public QObject
{
    Q_OBJECT
private slots:
    void bruteForceVisitsEveryRecordedConfiguration()
    {
        Replay replay;
        ReplaySettings settings;
        std::size_t heard = 0;
        auto evaluator = ReplayEvaluator::create(replay.recorded, ReplayMode::Mean);
        auto outcome = replaySearch(*evaluator, replay.space, settings,
                                    [&](const ReplayStep &, std::size_t index) {
                                        QCOMPARE(index, heard);
                                        ++heard;
                                    });
        QVERIFY(outcome);
        QCOMPARE(outcome->steps.size(), std::size_t(6));
        QCOMPARE(heard, std::size_t(6));
        QCOMPARE(outcome->stopReason, std::string("space exhausted"));
        const auto names = keys(*outcome, replay.recorded.parameters);
        QCOMPARE(std::set<std::string>(names.begin(), names.end()).size(), std::size_t(6));
        QVERIFY(outcome->best);
        const ReplayStep &best = outcome->steps[*outcome->best];
        QCOMPARE(*best.observedSeconds, 0.75e-3);
        QCOMPARE(*best.observedSeconds, *recordedOptimum(replay.recorded));
        int failures = 0;
        for (const auto &step : outcome->steps)
            failures += step.observedSeconds ? 0 : 1;
        QCOMPARE(failures, 3);
        // The recorded costs of all six: (500+10+40) + (600+30) + 900 + (700+0.5) ms.
        QVERIFY(std::abs(outcome->chargedSeconds - 2.7805) < 1e-9);
    }

    void eachBudgetStopsTheSearch()
    {
        Replay replay;
        ReplaySettings settings;
        settings.budget.evaluations = 4; // failures count
        auto outcome = replay.run(settings);
        QCOMPARE(outcome->steps.size(), std::size_t(4));
        QCOMPARE(outcome->stopReason, std::string("4 evaluations"));

        settings.budget = {};
        settings.budget.seconds = 1.0; // spent after the second configuration (1.18 s)
        outcome = replay.run(settings);
        QCOMPARE(outcome->steps.size(), std::size_t(2));
        QVERIFY(outcome->stopReason.find("recorded seconds") != std::string::npos);

        settings.budget = {};
        settings.budget.stopAfterNoImprovement = 2;
        outcome = replay.run(settings);
        // 2.0 (best), 1.5 (best), two failures: stop.
        QCOMPARE(outcome->steps.size(), std::size_t(4));
        QVERIFY(outcome->stopReason.find("without improvement") != std::string::npos);
    }

    void aSeededStrategyReplaysTheSameWay()
    {
        Replay replay;
        for (const std::string strategy : {"random", "greedy_ils", "bayesian_optimization"}) {
            ReplaySettings settings;
            settings.strategy = strategy;
            settings.seed = 7;
            auto first = replay.run(settings);
            auto second = replay.run(settings);
            QVERIFY2(first && second, strategy.c_str());
            QCOMPARE(keys(*first, replay.recorded.parameters),
                     keys(*second, replay.recorded.parameters));
            QCOMPARE(first->steps.size(), std::size_t(6)); // run dry: everything, once
        }
    }

    void sampledModeTellsRecordedSamplesAndKeepsTheMean()
    {
        Replay replay;
        ReplaySettings settings;
        auto outcome = replay.run(settings, ReplayMode::Sampled, 3);
        QVERIFY(outcome);
        const auto lookup = ReplayEvaluator::create(replay.recorded, ReplayMode::Mean);
        QVERIFY(lookup);
        for (const auto &step : outcome->steps) {
            const auto *recorded = lookup->find(step.config);
            QVERIFY(recorded);
            if (!step.observedSeconds)
                continue;
            QCOMPARE(step.trueMeanSeconds, recorded->seconds);
            const auto &samples = recorded->sampleSeconds;
            QVERIFY(std::find(samples.begin(), samples.end(), *step.observedSeconds) !=
                    samples.end());
        }
    }

    // --noise measures as a run does: each median lies within its configuration's samples, the
    // best three are measured in two more rounds, and the pick is the fastest by the median of
    // its rounds (kt_small's 0.75 ms configuration, whose samples 0.5 and 1.0 ms stay below
    // every other's). In mean mode the pick is the best seen, in one round.
    void sampledModeMeasuresAsARunAndPicksAfterRounds()
    {
        Replay replay;
        const ReplaySettings settings; // brute force: every configuration
        auto evaluator = ReplayEvaluator::create(replay.recorded, ReplayMode::Sampled, 5);
        QVERIFY(evaluator);
        auto outcome = replaySearch(*evaluator, replay.space, settings);
        QVERIFY(outcome && outcome->pick);
        for (const auto &step : outcome->steps) {
            if (!step.observedSeconds)
                continue;
            const auto &samples = evaluator->find(step.config)->sampleSeconds;
            const auto [low, high] = std::minmax_element(samples.begin(), samples.end());
            QVERIFY(*step.observedSeconds >= *low && *step.observedSeconds <= *high);
        }
        QCOMPARE(outcome->pick->rounds, 3);
        QCOMPARE(outcome->pick->trueMeanSeconds, std::optional<double>(0.75e-3));

        auto mean = replay.run(settings);
        QVERIFY(mean && mean->pick && mean->best);
        QCOMPARE(mean->pick->rounds, 1);
        QVERIFY(mean->pick->config == mean->steps[*mean->best].config);
    }

    void anUnknownStrategyOrOptionIsRefused()
    {
        Replay replay;
        ReplaySettings settings;
        settings.strategy = "annealing";
        auto outcome = replay.run(settings);
        QVERIFY(!outcome);
        QVERIFY(outcome.error().message.find("annealing") != std::string::npos);
        settings.strategy = "genetic_algorithm";
        settings.options = {{"population", 10}};
        outcome = replay.run(settings);
        QVERIFY(!outcome);
        QVERIFY(outcome.error().message.find("population") != std::string::npos);
    }
};

QTEST_MAIN(TestReplaySearch)
#include "tst_replaysearch.moc"
