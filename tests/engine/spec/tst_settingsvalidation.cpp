// The run settings' checks: objective, strategy and measurement numbers, each reported at its
// JSON path (the rest of the spec: tst_specvalidation).
#include "model/gpusettingparameters.h"
#include "spectesthelpers.h"

#include "spec/specloader.h"

#include <QTest>

using namespace tb;
using namespace tb::testing;

class TestSettingsValidation : public QObject
{
    Q_OBJECT

private slots:
    // 1e10 s validated and then overflowed the deadline's nanoseconds: every configuration timed
    // out at once (issue 34, item 5). Each duration is capped, each count held in an int too.
    void refusesValuesBeyondWhatTheCodeHolds()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"timeout_seconds": 1e10,
            "max_seconds_per_config": 1e9, "warmup_runs": 3000000000})");
        json["strategy"] = Json::parse(R"({"max_seconds": 1e12})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/timeout_seconds",
                        "must be at most 100000000 seconds, got 10000000000");
        QVERIFY2(hasIssue(loader, "/measurement/max_seconds_per_config", "at most 100000000"),
                 issueList(loader).constData());
        QVERIFY2(hasIssue(loader, "/measurement/warmup_runs", "must be at most 2147483647"),
                 issueList(loader).constData());
        QVERIFY2(hasIssue(loader, "/strategy/max_seconds", "at most 100000000 seconds"),
                 issueList(loader).constData());

        // The limit itself is fine.
        json = minimalSpec();
        json["measurement"] = Json::parse(R"({"timeout_seconds": 1e8})");
        auto spec = loader.parse(json.dump(), TB_SOURCE_DIR);
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->measurement.timeoutSeconds, 1e8);
    }

    void reportsUnknownObjectiveMetric()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["metrics"] = Json::parse(R"([{"name": "GB/s", "expression": "N * 4 / time"}])");
        json["objective"] = Json::parse(R"({"metric": "GFLOP/s", "direction": "up"})");
        TB_EXPECT_ISSUE(loader, json, "/objective/metric", "unknown metric 'GFLOP/s'");
        QVERIFY(hasIssue(loader, "/objective/metric", "known: time, energy, edp, GB/s"));
        QVERIFY(hasIssue(loader, "/objective/direction", "unknown direction 'up'"));
    }

    void reportsUnknownStrategy()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["strategy"] = Json::parse(R"({"name": "genetic", "max_configs": -1})");
        TB_EXPECT_ISSUE(loader, json, "/strategy/name", "unknown search strategy 'genetic'");
        QVERIFY(hasIssue(loader, "/strategy/name", "brute_force, random"));
        QVERIFY(hasIssue(loader, "/strategy/name", "genetic_algorithm"));
        QVERIFY(hasIssue(loader, "/strategy/max_configs", "must not be negative"));
    }

    // A strategy's options are checked against the strategy named, each at its path.
    void readsStrategyOptionsAndTheEarlyStop()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["strategy"] = Json::parse(R"({"name": "genetic_algorithm", "seed": 4,
            "stop_after_no_improvement": 60,
            "options": {"population_size": 30, "mutation_rate": 0.2}})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY(spec.hasValue());
        QCOMPARE(spec->strategy.name, std::string("genetic_algorithm"));
        QCOMPARE(spec->strategy.stopAfterNoImprovement, std::int64_t(60));
        QCOMPARE(spec->strategy.options.at("population_size"), 30.0);
        QCOMPARE(spec->strategy.options.at("mutation_rate"), 0.2);

        json["strategy"] = Json::parse(R"({"name": "genetic_algorithm",
            "stop_after_no_improvement": -1, "options": {"population": 30}})");
        TB_EXPECT_ISSUE(loader, json, "/strategy/options", "option 'population'");
        QVERIFY(hasIssue(loader, "/strategy/options", "population_size")); // the known ones
        QVERIFY(hasIssue(loader, "/strategy/stop_after_no_improvement", "must not be negative"));
        json["strategy"] = Json::parse(R"({"name": "simulated_annealing",
            "options": {"cooling": 7}})");
        TB_EXPECT_ISSUE(loader, json, "/strategy/options", "'cooling'");
        json["strategy"] = Json::parse(R"({"name": "random", "options": {"x": "fast"}})");
        TB_EXPECT_ISSUE(loader, json, "/strategy/options/x", "number");
        json["strategy"] = Json::parse(R"({"name": "random", "options": [1]})");
        TB_EXPECT_ISSUE(loader, json, "/strategy/options", "must be an object");
    }

    void reportsBadMeasurementNumbers()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"min_samples": 0, "timeout_seconds": 0,
            "max_seconds_per_config": -1, "target_rel_ci": 0, "warmup_runs": -2})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/min_samples", "at least 1");
        QVERIFY(hasIssue(loader, "/measurement/timeout_seconds", "must be positive"));
        QVERIFY(hasIssue(loader, "/measurement/max_seconds_per_config", "must be positive"));
        QVERIFY(hasIssue(loader, "/measurement/target_rel_ci", "must be positive"));
        QVERIFY(hasIssue(loader, "/measurement/warmup_runs", "at least 0"));
        json["measurement"] = Json::parse(R"({"min_samples": 10, "max_samples": 3})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/max_samples", "less than min_samples (10)");
        json["measurement"] = Json::parse(R"({"min_seconds_per_config": -0.5})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/min_seconds_per_config", "at least 0");
        json["measurement"] =
            Json::parse(R"({"min_seconds_per_config": 3, "max_seconds_per_config": 1})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/min_seconds_per_config",
                        "must not exceed max_seconds_per_config (1)");
        json["measurement"] = Json::parse(R"({"process_rounds": 0, "finalists_per_size": 0})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/process_rounds", "at least 1, got 0");
        QVERIFY(hasIssue(loader, "/measurement/finalists_per_size", "at least 1, got 0"));
        json["measurement"] = Json::parse(R"({"process_rounds": 3, "max_process_rounds": 2})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/max_process_rounds",
                        "must be at least process_rounds (3), got 2");
    }

    // energy_seconds: 0 (off) or at least a second; cuda specs only.
    void reportsBadEnergySeconds()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"energy_seconds": 1})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/energy_seconds",
                        "the cpu backend measures no energy");
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"json({"grid": ["N"], "block": ["BM"]})json");
        json["measurement"] = Json::parse(R"({"energy_seconds": 0.5})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/energy_seconds",
                        "must be 0 (off) or at least 1");
        json["measurement"] = Json::parse(R"({"energy_seconds": -1})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/energy_seconds", "got -1");
        json["measurement"] = Json::parse(R"({"energy_seconds": 1.5})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->measurement.energySeconds, 1.5);
    }

    // gpu_clock_mhz and power_limit_w: a GPU's settings, in whole MHz and watts.
    void reportsBadGpuSettings()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["parameters"].push_back(Json::parse(R"({"name": "gpu_clock_mhz", "values": [1200]})"));
        TB_EXPECT_ISSUE(loader, json, "/parameters/1/name",
                        "'gpu_clock_mhz' is a GPU setting: only a cuda or triton kernel");
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"json({"grid": ["N"], "block": ["BM"]})json");
        json["parameters"][1]["values"] = Json::parse("[1200, 810.5]");
        TB_EXPECT_ISSUE(loader, json, "/parameters/1/values/1",
                        "takes whole numbers from 1 to 100000, not 810.5");
        json["parameters"][1] = Json::parse(R"({"name": "power_limit_w", "values": [0, 400]})");
        TB_EXPECT_ISSUE(loader, json, "/parameters/1/values/0", "'power_limit_w' takes whole");
        json["parameters"][1]["values"] = Json::parse("[300, 400]");
        json["parameters"].push_back(Json::parse(R"({"name": "gpu_clock_mhz", "values": [1980]})"));
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QVERIFY(tunesGpuSettings(spec->parameters));
        const GpuSettingValues wanted =
            gpuSettingsOf(spec->parameters, Configuration{{32, 400, 1980}});
        QCOMPARE(wanted.clockMhz, std::optional<unsigned>(1980));
        QCOMPARE(wanted.powerLimitW, std::optional<unsigned>(400));
        QVERIFY(!gpuSettingsOf({{"BM", {16}}}, Configuration{{16}}).clockMhz);
    }

    void readsProcessRounds()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"process_rounds": 3, "finalists_per_size": 2})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY(spec.hasValue());
        QCOMPARE(spec->measurement.processRounds, 3);
        QCOMPARE(spec->measurement.finalistsPerSize, 2);
        QCOMPARE(spec->measurement.maxProcessRounds, 3); // not set: no adaptive rounds
        json["measurement"]["max_process_rounds"] = 7;
        auto adaptive = loader.parse(json.dump(), "/tmp");
        QVERIFY(adaptive.hasValue());
        QCOMPARE(adaptive->measurement.maxProcessRounds, 7);
        auto defaults = loader.parse(minimalSpec().dump(), "/tmp");
        QVERIFY(defaults.hasValue());
        // Three rounds unless the spec says otherwise: one process's median is not a config's
        // time on a GPU (bench/results/cuda_placement.md); no adaptive rounds by default.
        QCOMPARE(defaults->measurement.processRounds, 3);
        QCOMPARE(defaults->measurement.maxProcessRounds, 3);
        json["measurement"] = Json::parse(R"({"process_rounds": 1})");
        auto oneRound = loader.parse(json.dump(), "/tmp");
        QVERIFY(oneRound.hasValue());
        QCOMPARE(oneRound->measurement.maxProcessRounds, 1); // follows the spec's rounds
    }

    void adaptiveDefaultsKeepTheirMaximum()
    {
        MeasurementSettings adaptive;
        adaptive.processRounds = 2;
        adaptive.maxProcessRounds = 5;
        SpecLoader loader(adaptive);
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"process_rounds": 4})");
        auto four = loader.parse(json.dump(), "/tmp");
        QVERIFY(four.hasValue());
        QCOMPARE(four->measurement.maxProcessRounds, 5);
        json["measurement"] = Json::parse(R"({"process_rounds": 6})");
        auto six = loader.parse(json.dump(), "/tmp");
        QVERIFY(six.hasValue());
        QCOMPARE(six->measurement.maxProcessRounds, 6);
    }
};

QTEST_GUILESS_MAIN(TestSettingsValidation)
#include "tst_settingsvalidation.moc"
