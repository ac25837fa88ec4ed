// Early exit of hopeless configurations (issue 19, item 2), end to end with real worker
// processes: a configuration clearly slower than its size's best so far stops sampling after
// three samples and says so; a contender, the finalists' rounds and a spec that switches it off
// measure to the spec's precision. The ranking rule it relies on: MetricEvaluator::slowerIsWorse.
#include "model/measurementcaveats.h"
#include "run/metricevaluator.h"
#include "run/session.h"
#include "sessiontestoptions.h"
#include "spec/specloader.h"
#include "storage/store.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <map>

using namespace tb;
using Json = nlohmann::json;

namespace {

// WORK=1 first (brute force keeps the parameter's order), then WORK=60: sixty times the loop.
const char *kSpinKernel = R"(
void spin(float *out, int n)
{
    volatile float sum = 0;
    for (long i = 0; i < (long)WORK * n; ++i)
        sum = sum + 1.0f;
    out[0] = sum > 0 ? 1.0f : 0.0f;
}
)";

Json spinSpec(double earlyExitFactor)
{
    return {{"tunebench_spec", 1},
            {"name", "spin"},
            {"backend", "cpu"},
            {"kernel", {{"code", kSpinKernel}, {"entry", "spin"}, {"language", "c"}}},
            {"parameters", {{{"name", "WORK"}, {"values", {1, 60}}}}},
            {"problem_sizes", {{{"N", 20000}}}},
            {"arguments",
             {{{"name", "out"},
               {"kind", "buffer"},
               {"type", "float32"},
               {"size", "1"},
               {"output", true}},
              {{"name", "n"}, {"kind", "scalar"}, {"type", "int32"}, {"value", "N"}}}},
            {"measurement",
             {{"warmup_runs", 1},
              {"min_samples", 20},
              {"max_samples", 40},
              {"target_rel_ci", 0.0001},
              {"max_seconds_per_config", 5},
              {"process_rounds", 1},
              {"early_exit_factor", earlyExitFactor}}}};
}

Spec load(const Json &document)
{
    auto spec = SpecLoader().parse(document.dump(), ".");
    if (!spec)
        qFatal("cannot load the spec: %s", spec.error().toString().c_str());
    return spec.value();
}

class Quiet : public SessionListener
{
public:
    std::atomic<bool> stop{false};
};

// The run's results by WORK value; `stoppedEarly`: what the run's summary counted.
std::map<int, Result> runSpin(const Spec &spec, std::uint64_t *stoppedEarly = nullptr)
{
    QTemporaryDir dir;
    Quiet listener;
    SessionOptions options = tbtest::sessionTestOptions(dir, listener.stop);
    options.workers = 1; // one builder: WORK=1 is built, so measured, first and sets the best
    Session session(spec, options, listener);
    auto summary = session.run();
    if (!summary)
        qFatal("the run failed: %s", summary.error().toString().c_str());
    if (stoppedEarly)
        *stoppedEarly = summary->stoppedEarly;
    auto store = Store::open(options.workspacePath);
    auto stored = store->results().ofRun(summary->runId, true);
    std::map<int, Result> byWork;
    for (const auto &row : stored.value())
        byWork[static_cast<int>(row.config.values.at(0))] = row.result;
    return byWork;
}

Spec specWithObjective(const char *metric, const char *expression, const char *direction)
{
    Json document = spinSpec(1.5);
    if (expression)
        document["metrics"] = {{{"name", metric}, {"expression", expression}}};
    document["objective"] = {{"metric", metric}, {"direction", direction}};
    return load(document);
}

} // namespace

class TestEarlyExit : public QObject
{
    Q_OBJECT

private slots:
    void aHopelessConfigurationStopsAfterThreeSamples()
    {
        std::uint64_t stoppedEarly = 0;
        const auto results = runSpin(load(spinSpec(1.5)), &stoppedEarly);
        QCOMPARE(results.size(), std::size_t(2));
        const Result &best = results.at(1);
        const Result &hopeless = results.at(60);
        QVERIFY(best.status == ResultStatus::Ok);
        QVERIFY(hopeless.status == ResultStatus::Ok);
        QVERIFY(best.samples.size() >= 20); // the contender: the spec's precision
        QVERIFY(!best.resource(figures::kStoppedEarlyAboveSeconds));
        QCOMPARE(hopeless.samples.size(), std::size_t(3));
        const double threshold = hopeless.resource(figures::kStoppedEarlyAboveSeconds).value_or(0);
        QVERIFY(std::abs(threshold / (1.5 * best.summary.median) - 1) < 1e-9);
        QVERIFY(hopeless.summary.median > threshold);
        QCOMPARE(stoppedEarly, std::uint64_t(1)); // the run's summary counts it
    }

    void aSpecCanSwitchItOff()
    {
        const auto results = runSpin(load(spinSpec(0)));
        QVERIFY(results.at(60).samples.size() >= 20);
        QVERIFY(!results.at(60).resource(figures::kStoppedEarlyAboveSeconds));
    }

    void theSpecReaderRefusesAFactorThatWouldDropContenders()
    {
        Json document = spinSpec(1.0);
        auto spec = SpecLoader().parse(document.dump(), ".");
        QVERIFY(!spec);
        QVERIFY2(spec.error().toString().find("early_exit_factor") != std::string::npos,
                 spec.error().toString().c_str());
    }

    // Early exit compares times, so it holds only where a slower median always ranks worse.
    void onlyWhereASlowerMedianRanksWorse()
    {
        const auto ranked = [](const Spec &spec) {
            return MetricEvaluator::create(spec).value().slowerIsWorse();
        };
        QVERIFY(ranked(specWithObjective("time", nullptr, "minimize")));
        QVERIFY(!ranked(specWithObjective("time", nullptr, "maximize")));
        QVERIFY(ranked(specWithObjective("GFLOP/s", "N / time / 1e9", "maximize")));
        QVERIFY(!ranked(specWithObjective("GFLOP/s", "N / time / 1e9", "minimize")));
        QVERIFY(!ranked(specWithObjective("work", "WORK * N / time", "maximize")));
        QVERIFY(ranked(specWithObjective("ms", "time * 1e3", "minimize")));
    }
};

QTEST_GUILESS_MAIN(TestEarlyExit)
#include "tst_earlyexit.moc"
