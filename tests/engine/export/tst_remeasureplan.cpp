// remeasurePlan: verify's extra rounds (issue 34, item 3) measure only the inconclusive
// configurations (and the verification reference), longer each round, from the original plan's
// settings, with the timeout following the longer cap.
#include "export/remeasureplan.h"
#include "space/searchspace.h"
#include "spec/specloader.h"

#include <QTest>

#include <algorithm>

using namespace tb;

namespace {

constexpr const char *kSpec = R"({
  "tunebench_spec": 1, "name": "again", "backend": "cpu",
  "kernel": {"code": "void k(float *y, int n) {}", "entry": "k", "language": "c"},
  "parameters": [{"name": "P", "values": [1, 2, 3]}],
  "problem_sizes": [{"N": 1024}, {"N": 2048}],
  "arguments": [
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ],
  "verification": {"reference": {"P": 1}},
  "measurement": {"max_samples": 30, "min_seconds_per_config": 0.01,
                  "max_seconds_per_config": 0.2, "timeout_seconds": 10, "target_rel_ci": 0.02}
})";

ShippedConfig shipped(std::size_t sizeIndex, double p)
{
    ShippedConfig config;
    config.sizeIndex = sizeIndex;
    config.configKey = "P=" + std::to_string(int(p));
    config.medianSeconds = 1e-5;
    config.config.values = {p};
    return config;
}

ExportCheckPlan plan()
{
    auto spec = SpecLoader().parse(kSpec, ".");
    if (!spec)
        qFatal("%s", spec.error().toString().c_str());
    ExportCheckPlan plan;
    plan.spec = *spec;
    plan.shipped = {shipped(0, 2), shipped(1, 3)};
    return plan;
}

std::vector<double> validAt(const Spec &spec, std::size_t sizeIndex)
{
    auto space = SearchSpace::build(spec, sizeIndex);
    if (!space)
        qFatal("%s", space.error().toString().c_str());
    std::vector<double> values;
    for (std::uint64_t i = 0; i < space->validCount(); ++i)
        values.push_back(space->at(i).values.at(0));
    std::sort(values.begin(), values.end());
    return values;
}

} // namespace

class TestRemeasurePlan : public QObject
{
    Q_OBJECT

private slots:
    void measuresOnlyTheInconclusiveLonger()
    {
        const auto next = remeasurePlan(plan(), {shipped(1, 3)}, 1, 5);
        QVERIFY2(next, next ? "" : next.error().toString().c_str());
        QCOMPARE(next->shipped.size(), std::size_t(1));
        QCOMPARE(next->shipped[0].configKey, std::string("P=3"));
        // Size 0 keeps only the reference; size 1 the inconclusive configuration beside it.
        QCOMPARE(validAt(next->spec, 0), std::vector<double>({1}));
        QCOMPARE(validAt(next->spec, 1), std::vector<double>({1, 3}));
        const MeasurementSettings &settings = next->spec.measurement;
        QCOMPARE(settings.maxSamples, 120);
        QCOMPARE(settings.maxSecondsPerConfig, 0.8);
        QCOMPARE(settings.minSecondsPerConfig, 0.04);
        QCOMPARE(settings.timeoutSeconds, 10.6);
        QCOMPARE(settings.targetRelativeHalfWidth, 0.0125); // a quarter of the 5% threshold
        QCOMPARE(settings.earlyExitFactor, 0.0);
        // What the workers receive says the same.
        const auto reloaded = SpecLoader().parse(next->spec.document, ".");
        QVERIFY(reloaded);
        QCOMPARE(reloaded->measurement.maxSamples, 120);
    }

    // Round 2 grows the original plan's settings 16 times, not round 1's again; the sampling
    // time stops at kRemeasureMaxSeconds.
    void laterRoundsGrowFromThePlanWithinABound()
    {
        const auto second = remeasurePlan(plan(), {shipped(0, 2)}, 2, 50);
        QVERIFY(second);
        QCOMPARE(second->spec.measurement.maxSamples, 480);
        QCOMPARE(second->spec.measurement.maxSecondsPerConfig, 3.2);
        QCOMPARE(second->spec.measurement.targetRelativeHalfWidth, 0.02); // the spec's is tighter
        const auto third = remeasurePlan(plan(), {shipped(0, 2)}, 3, 5);
        QVERIFY(third);
        QCOMPARE(third->spec.measurement.maxSecondsPerConfig, kRemeasureMaxSeconds);
    }

    void nothingToMeasureIsRefused()
    {
        const auto none = remeasurePlan(plan(), {}, 1, 5);
        QVERIFY(!none);
        QCOMPARE(none.error().code, EngineError::Code::InvalidArgument);
    }
};

QTEST_GUILESS_MAIN(TestRemeasurePlan)
#include "tst_remeasureplan.moc"
