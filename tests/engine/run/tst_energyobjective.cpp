// The objectives of energy (issue 39 item 2): `energy` (J per launch), `edp` (energy x time) and
// derived metrics of `energy` (GFLOP/J). How the spec reader takes them, what a result's
// objective value is, and that early exit, which compares times, is off for them.
#include "analysis/bestpersize.h"
#include "model/resultfigure.h"
#include "run/metricevaluator.h"
#include "spec/energyuse.h"
#include "spec/specloader.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace tb;
using Json = nlohmann::json;

namespace {

Json cudaSpec()
{
    return Json::parse(R"({
        "tunebench_spec": 1,
        "name": "scale",
        "backend": "cuda",
        "kernel": {"code": "__global__ void scale(float *x, int n) {}", "entry": "scale"},
        "parameters": [{"name": "BLOCK", "values": [128, 256]}],
        "problem_sizes": [{"N": 1048576}],
        "launch": {"grid": ["N / BLOCK"], "block": ["BLOCK"]},
        "arguments": [
            {"name": "x", "kind": "buffer", "type": "float32", "size": "N"},
            {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
        ]
    })");
}

Json withObjective(Json spec, const char *metric, const char *direction = "minimize")
{
    spec["objective"] = {{"metric", metric}, {"direction", direction}};
    return spec;
}

Json withMetric(Json spec, const char *name, const char *expression)
{
    spec["metrics"] = {{{"name", name}, {"expression", expression}}};
    return spec;
}

// The loaded spec, or a failed test's message.
Expected<Spec> load(const Json &document)
{
    return SpecLoader().parse(document.dump(), ".");
}

// An ok result of 2 ms measured at 3 J per launch.
Result measured(bool withEnergy = true)
{
    Result result;
    result.status = ResultStatus::Ok;
    result.summary.median = 2e-3;
    result.summary.count = 10;
    if (withEnergy)
        result.resources[figures::kEnergyJoules] = 3.0;
    return result;
}

} // namespace

class TestEnergyObjective : public QObject
{
    Q_OBJECT

private slots:
    // An energy objective turns the energy run on at its default length, unless the spec sets
    // one; a time objective leaves it off.
    void anEnergyObjectiveGetsAnEnergyRun()
    {
        QCOMPARE(load(cudaSpec()).value().measurement.energySeconds, 0.0);
        auto spec = load(withObjective(cudaSpec(), "energy"));
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        QCOMPARE(spec->measurement.energySeconds, kDefaultEnergySeconds);
        Json longer = withObjective(cudaSpec(), "edp");
        longer["measurement"] = {{"energy_seconds", 4}};
        QCOMPARE(load(longer).value().measurement.energySeconds, 4.0);
        // So does a metric that reads `energy`, even when the objective is another.
        const Json perJoule = withMetric(cudaSpec(), "GFLOP_per_J", "N / energy / 1e9");
        QCOMPARE(load(perJoule).value().measurement.energySeconds, kDefaultEnergySeconds);
        QCOMPARE(energyUse(load(perJoule).value())->path, std::string("/metrics/0/expression"));
    }

    void aCpuSpecCannotAskForEnergy()
    {
        Json cpu = withObjective(cudaSpec(), "energy");
        cpu["backend"] = "cpu";
        cpu["kernel"] = {{"code", "void scale(float *x, int n) { (void)x; (void)n; }"},
                         {"entry", "scale"}};
        cpu.erase("launch");
        const auto spec = load(cpu);
        QVERIFY(!spec);
        const std::string message = spec.error().toString();
        QVERIFY2(message.find("/objective/metric") != std::string::npos &&
                     message.find("only the cuda backend") != std::string::npos,
                 message.c_str());
    }

    void builtInNamesAreNotMetricNames()
    {
        const auto spec = load(withMetric(cudaSpec(), "edp", "time * 2"));
        QVERIFY(!spec);
        QVERIFY2(spec.error().toString().find("built-in objective") != std::string::npos,
                 spec.error().toString().c_str());
        Json energyParameter = cudaSpec();
        energyParameter["parameters"] = {{{"name", "energy"}, {"values", {1, 2}}}};
        QVERIFY(!load(energyParameter));
        const auto unknown = load(withObjective(cudaSpec(), "joules"));
        QVERIFY(!unknown);
        QVERIFY2(unknown.error().toString().find("known: time, energy, edp") != std::string::npos,
                 unknown.error().toString().c_str());
    }

    void theObjectiveValueIsTheEnergyOrItsProductWithTheTime()
    {
        const Spec energy = load(withObjective(cudaSpec(), "energy")).value();
        QCOMPARE(objectiveValue(energy, measured()), 3.0);
        QVERIFY(std::isnan(objectiveValue(energy, measured(false))));
        const Spec edp = load(withObjective(cudaSpec(), "edp")).value();
        QCOMPARE(objectiveValue(edp, measured()), 3.0 * 2e-3);
    }

    void aMetricReadsTheEnergy()
    {
        const Spec spec =
            load(withObjective(withMetric(cudaSpec(), "GFLOP_per_J", "2 * N / energy / 1e9"),
                               "GFLOP_per_J", "maximize"))
                .value();
        const auto metrics = MetricEvaluator::create(spec);
        QVERIFY(metrics.hasValue());
        Result result = measured();
        metrics->apply(Configuration{{128}}, 0, result);
        QCOMPARE(result.metrics.at("GFLOP_per_J"), 2.0 * 1048576 / 3.0 / 1e9);
        Result without = measured(false);
        metrics->apply(Configuration{{128}}, 0, without);
        QVERIFY(std::isnan(without.metrics.at("GFLOP_per_J")));
    }

    // Early exit compares times: a slower configuration may still use less energy.
    void earlyExitIsOffForEnergy()
    {
        const auto ranked = [](const Json &document) {
            const Spec spec = load(document).value();
            return MetricEvaluator::create(spec).value().slowerIsWorse();
        };
        QVERIFY(ranked(cudaSpec()));
        QVERIFY(!ranked(withObjective(cudaSpec(), "energy")));
        QVERIFY(!ranked(withObjective(cudaSpec(), "edp")));
        QVERIFY(!ranked(
            withObjective(withMetric(cudaSpec(), "per_J", "N / energy"), "per_J", "maximize")));
    }
};

QTEST_APPLESS_MAIN(TestEnergyObjective)
#include "tst_energyobjective.moc"
