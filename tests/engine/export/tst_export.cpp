#include "analysis/searchtrail.h"
#include "export/exporter.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>

using namespace tb;
using nlohmann::json;

namespace {

Spec makeSpec(const std::string &metric = "time", bool minimize = true)
{
    Spec spec;
    spec.name = "gemm";
    spec.backend = BackendKind::Cpu;
    spec.kernel.entry = "gemm<BM, BN>";
    spec.parameters = {{"BM", {32, 64}}, {"ALPHA", {0.5, 1}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{512}, {1024}, {2048}};
    spec.metrics = {{"GB/s", "3*N*4/time"}};
    spec.objective = {metric, minimize};
    return spec;
}

StoredResult makeStored(std::int64_t id, double bm, std::size_t size, double median,
                        std::optional<double> gbps = std::nullopt,
                        ResultStatus status = ResultStatus::Ok)
{
    StoredResult stored;
    stored.id = id;
    stored.runId = 1;
    stored.config.values = {bm, 0.5};
    stored.configKey = "BM=" + formatValue(bm) + ",ALPHA=0.5";
    stored.sizeIndex = size;
    stored.result.status = status;
    stored.result.summary = {median, median * 0.9, median * 1.1, median / 10, 7, 0.01};
    if (gbps)
        stored.result.metrics["GB/s"] = *gbps;
    stored.result.resources["registers"] = 40;
    return stored;
}

// A minimal RFC 4180 reader, enough to check that what we write reads back.
std::vector<std::vector<std::string>> parseCsv(const std::string &text)
{
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
                field += text[++i];
            else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            rows.back().push_back(std::move(field));
            field.clear();
        } else if (c == '\n') {
            rows.back().push_back(std::move(field));
            field.clear();
            rows.emplace_back();
        } else {
            field += c;
        }
    }
    rows.pop_back(); // after the final "\n"
    return rows;
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT

private slots:
    void objectiveValueReadsTimeOrTheMetric()
    {
        const StoredResult stored = makeStored(1, 32, 0, 2e-3, 150.0);
        QCOMPARE(objectiveValue(makeSpec(), stored.result), 2e-3);
        QCOMPARE(objectiveValue(makeSpec("GB/s", false), stored.result), 150.0);
        QVERIFY(std::isnan(objectiveValue(makeSpec("TFLOP/s", false), stored.result)));
    }

    void bestPerSizeMinimizesTimeOverOkResultsOnly()
    {
        const std::vector<StoredResult> results = {
            makeStored(1, 32, 0, 2e-3),
            makeStored(2, 64, 0, 1e-3),
            makeStored(3, 128, 0, 1e-6, std::nullopt, ResultStatus::WrongResult),
            makeStored(4, 32, 1, 1e-6, std::nullopt, ResultStatus::CompileError),
            makeStored(5, 32, 2, 5e-3),
            makeStored(6, 64, 2, 5e-3), // a tie keeps the earlier one
            makeStored(7, 64, 9, 1e-9), // a size the spec does not have
        };
        const auto best = bestPerSize(makeSpec(), results);
        QCOMPARE(best.size(), std::size_t{3});
        QVERIFY(best[0].has_value());
        QCOMPARE(best[0]->id, 2);
        QVERIFY(!best[1].has_value());
        QVERIFY(best[2].has_value());
        QCOMPARE(best[2]->id, 5);
    }

    void bestPerSizeMaximizesAMetric()
    {
        const std::vector<StoredResult> results = {
            makeStored(1, 32, 0, 1e-3, 100.0),
            makeStored(2, 64, 0, 2e-3, 300.0), // slower but the objective says GB/s
            makeStored(3, 128, 0, 1e-4),       // no GB/s: cannot rank
            makeStored(4, 32, 1, 1e-4),        // ok, but without the metric
        };
        const auto best = bestPerSize(makeSpec("GB/s", false), results);
        QVERIFY(best[0].has_value());
        QCOMPARE(best[0]->id, 2);
        QVERIFY(!best[1].has_value());
        QVERIFY(!best[2].has_value());
    }

    void jsonExportHasTheDocumentedShape()
    {
        const Spec spec = makeSpec();
        RunRecord run;
        run.id = 3;
        run.state = RunState::Finished;
        run.strategy = "brute_force";
        run.startedAt = "2024-05-01T10:00:00.000Z";
        run.finishedAt = "";
        const HostInfo host{"node7", "Linux 6.1 x86_64", "Some CPU", "cpu", "0.1.0"};
        StoredResult winner = makeStored(2, 64, 0, 1.5e-3, 256.0);
        winner.result.metrics["nan_metric"] = std::numeric_limits<double>::quiet_NaN();
        const std::vector<StoredResult> results = {
            makeStored(1, 32, 0, 2e-3, 100.0), winner,
            makeStored(4, 32, 1, 0, std::nullopt, ResultStatus::Timeout)};

        auto text = exportJson(spec, run, results, host);
        QVERIFY(text.hasValue());
        const json doc = json::parse(*text);
        QCOMPARE(doc["format"].get<std::string>(), std::string("tunebench-export"));
        QVERIFY(doc["format_version"].is_number_integer());
        QCOMPARE(doc["format_version"].get<int>(), 1);
        QCOMPARE(doc["tool_version"].get<std::string>(), std::string("0.1.0"));
        QVERIFY(std::regex_match(doc["exported_at"].get<std::string>(),
                                 std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
        QCOMPARE(doc["host"]["hostname"].get<std::string>(), std::string("node7"));
        QCOMPARE(doc["host"]["os"].get<std::string>(), host.os);
        QCOMPARE(doc["host"]["cpu"].get<std::string>(), host.cpu);
        QCOMPARE(doc["host"]["device"].get<std::string>(), std::string("cpu"));
        QCOMPARE(doc["spec"]["name"].get<std::string>(), std::string("gemm"));
        QCOMPARE(doc["spec"]["backend"].get<std::string>(), std::string("cpu"));
        QCOMPARE(doc["spec"]["entry"].get<std::string>(), std::string("gemm<BM, BN>"));
        QCOMPARE(doc["spec"]["objective"]["metric"].get<std::string>(), std::string("time"));
        QCOMPARE(doc["spec"]["objective"]["direction"].get<std::string>(), std::string("minimize"));
        QVERIFY(doc["run"]["id"].is_number_integer());
        QCOMPARE(doc["run"]["id"].get<int>(), 3);
        QCOMPARE(doc["run"]["state"].get<std::string>(), std::string("finished"));
        QCOMPARE(doc["run"]["strategy"].get<std::string>(), std::string("brute_force"));
        QCOMPARE(doc["run"]["started_at"].get<std::string>(), run.startedAt);
        QVERIFY(doc["run"]["finished_at"].is_null());

        const json &best = doc["best"];
        QVERIFY(best.is_array());
        QCOMPARE(best.size(), std::size_t{3});
        const json &first = best[0];
        QVERIFY(first["problem_size"]["N"].is_number_integer());
        QCOMPARE(first["problem_size"]["N"].get<int>(), 512);
        QVERIFY(first["config"]["BM"].is_number_integer());
        QCOMPARE(first["config"]["BM"].get<int>(), 64);
        QVERIFY(first["config"]["ALPHA"].is_number_float());
        QCOMPARE(first["config"]["ALPHA"].get<double>(), 0.5);
        QCOMPARE(first["config_key"].get<std::string>(), std::string("BM=64,ALPHA=0.5"));
        QCOMPARE(first["median_s"].get<double>(), 1.5e-3);
        QCOMPARE(first["min_s"].get<double>(), 1.5e-3 * 0.9);
        QCOMPARE(first["stddev_s"].get<double>(), 1.5e-4);
        QVERIFY(first["samples"].is_number_integer());
        QCOMPARE(first["samples"].get<int>(), 7);
        QVERIFY(first["metrics"]["GB/s"].is_number_integer());
        QCOMPARE(first["metrics"]["GB/s"].get<int>(), 256);
        QVERIFY(first["metrics"]["nan_metric"].is_null());
        QCOMPARE(first["resources"]["registers"].get<int>(), 40);
        // The winner was the second of its size's two evaluations.
        QCOMPARE(first["search"]["strategy"].get<std::string>(), std::string("brute_force"));
        QCOMPARE(first["search"]["evaluations"].get<int>(), 2);
        QCOMPARE(first["search"]["evaluations_to_best"].get<int>(), 2);
        QCOMPARE(first["search"]["ok_evaluations"].get<int>(), 2);
        QCOMPARE(first["search"]["ok_evaluations_to_best"].get<int>(), 2);

        for (int i : {1, 2}) {
            QVERIFY(best[i]["config"].is_null());
            QCOMPARE(best[i]["reason"].get<std::string>(),
                     std::string("no configuration succeeded"));
            QVERIFY(!best[i].contains("median_s"));
        }
        QCOMPARE(best[2]["problem_size"]["N"].get<int>(), 2048);
    }

    // Evaluations are counted both ways: every one (Kernel Tuner's way) and the ok ones.
    void searchTrailCountsEveryEvaluationAndTheOkOnes()
    {
        const std::vector<StoredResult> results = {
            makeStored(1, 32, 0, 2e-3),
            makeStored(2, 32, 0, 0, std::nullopt, ResultStatus::CompileError),
            makeStored(3, 64, 1, 1e-3), // another size: not counted
            makeStored(4, 64, 0, 1e-3), makeStored(5, 128, 0, 3e-3)};
        const SearchTrail trail = searchTrail(results, 0, 4);
        QCOMPARE(trail.evaluations, std::size_t(4));
        QCOMPARE(trail.okEvaluations, std::size_t(3));
        QCOMPARE(trail.toBest, std::size_t(3));
        QCOMPARE(trail.okToBest, std::size_t(2));
        QCOMPARE(describeSearchTrail("greedy_ils", trail),
                 std::string("found by greedy_ils after 3 of 4 evaluations (2 of 3 ok)"));
        QCOMPARE(describeSearchTrail("random", searchTrail(results, 0, 99)), std::string());
    }

    void jsonExportExplainsAMissingObjectiveValue()
    {
        const std::vector<StoredResult> results = {makeStored(1, 32, 0, 1e-3)};
        auto text = exportJson(makeSpec("GB/s", false), RunRecord{}, results, HostInfo{});
        QVERIFY(text.hasValue());
        const json doc = json::parse(*text);
        QCOMPARE(doc["spec"]["objective"]["direction"].get<std::string>(), std::string("maximize"));
        QVERIFY(doc["best"][0]["config"].is_null());
        QVERIFY(doc["best"][0]["reason"].get<std::string>().find("'GB/s'") != std::string::npos);
    }

    // A winner measured in several process rounds carries each ok round's median; one
    // measured once does not.
    void jsonExportListsAWinnersRounds()
    {
        const std::vector<StoredResult> results = {makeStored(1, 32, 0, 2e-3),
                                                   makeStored(2, 64, 1, 1e-3)};
        std::vector<StoredRound> rounds(3);
        for (int i = 0; i < 3; ++i) {
            rounds[i].resultId = 1;
            rounds[i].round = i + 1;
            rounds[i].result.summary.median = 1.9e-3 + 1e-4 * i;
        }
        rounds[1].result.status = ResultStatus::RuntimeError; // a failed round has no median
        auto text = exportJson(makeSpec(), RunRecord{}, results, HostInfo{}, rounds);
        QVERIFY(text.hasValue());
        const json doc = json::parse(*text);
        QVERIFY(doc["best"][0]["round_medians_s"] == json::parse("[0.0019, 0.0021]"));
        QVERIFY(!doc["best"][1].contains("round_medians_s"));
    }

    // Two samples bound no interval: the margin over the runner-up is uncertain without bound.
    void jsonExportWritesAnUnboundedUncertaintyAsNull()
    {
        StoredResult winner = makeStored(2, 64, 0, 1e-3);
        winner.result.summary.relativeHalfWidth = std::numeric_limits<double>::max();
        const std::vector<StoredResult> results = {makeStored(1, 32, 0, 2e-3), winner};
        auto text = exportJson(makeSpec(), RunRecord{}, results, HostInfo{});
        QVERIFY(text.hasValue());
        const json runnerUp = json::parse(*text)["best"][0]["runner_up"];
        QVERIFY(runnerUp["uncertainty"].is_null());
        QCOMPARE(runnerUp["decided"].get<bool>(), false);
    }

    void csvHasOneQuotedRowPerResult()
    {
        StoredResult failed = makeStored(2, 64, 1, 0, std::nullopt, ResultStatus::CompileError);
        failed.result.summary = {};
        failed.result.resources.clear();
        failed.result.message = "error: expected ',' or ';', got \"}\"\n  at line 3";
        StoredResult measured = makeStored(1, 32, 0, 1.25e-3, 96.5);
        measured.result.summary = {1.25e-3, 0.001125, 0.001375, 1.25e-4, 7, 0.01};
        measured.result.timer = "cupti";
        measured.result.compileSeconds = 0.25;
        measured.result.cachedBuild = true;
        const std::vector<StoredResult> results = {measured, failed};

        auto text = exportCsv(makeSpec(), results);
        QVERIFY(text.hasValue());
        QVERIFY(text->find("\"error: expected ',' or ';', got \"\"}\"\"\n  at line 3\"") !=
                std::string::npos);
        const auto rows = parseCsv(*text);
        QCOMPARE(rows.size(), std::size_t{3});
        const std::vector<std::string> header = {
            "status",    "BM",           "ALPHA",   "N",      "median_s", "min_s",
            "mean_s",    "stddev_s",     "samples", "timer",  "GB/s",     "registers_per_thread",
            "compile_s", "cached_build", "caveats", "message"};
        QCOMPARE(rows[0], header);
        const std::vector<std::string> ok = {
            "ok", "32",    "0.5",  "512", "0.00125", "0.001125", "0.001375", "0.000125",
            "7",  "cupti", "96.5", "40",  "0.25",    "1",        "",         ""};
        QCOMPARE(rows[1], ok);
        const std::vector<std::string> bad = {
            "compile_error",      "64", "0.5", "1024", "", "", "", "", "0", "", "", "", "", "0", "",
            failed.result.message};
        QCOMPARE(rows[2], bad);
    }

    // Every figure that show and the GUI display is a column, named with its unit, in one
    // order whatever the results carry; caveats in words.
    void csvCarriesEveryStoredFigureWithItsUnit()
    {
        StoredResult gpu = makeStored(1, 32, 0, 1e-3);
        gpu.result.resources = {
            {"registers", 64},       {"spill_stores", 8},     {"spill_loads", 12},
            {"stack_frame", 16},     {"static_shared", 4096}, {"dynamic_shared", 0},
            {"occupancy", 0.75},     {"sm_clock_mhz", 1980},  {"throttled", 1},
            {"throttle_reasons", 4}, {"zz_new_figure", 3}};
        StoredResult cpu = makeStored(2, 64, 0, 2e-3);
        cpu.result.resources = {{"other_cpu_load", 1.5}};
        const auto rows = parseCsv(*exportCsv(makeSpec(), {gpu, cpu}));
        const std::vector<std::string> &header = rows[0];
        const auto column = [&header](const std::string &name) {
            return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) -
                                            header.begin());
        };
        const std::vector<std::string> figures = {
            "registers_per_thread",  "spill_stores_bytes",  "spill_loads_bytes",
            "stack_frame_bytes",     "static_shared_bytes", "dynamic_shared_bytes",
            "occupancy_fraction",    "sm_clock_mhz",        "other_cpu_load_cpus",
            "throttle_reasons_bits", "throttled_flag",      "zz_new_figure"};
        for (std::size_t i = 0; i < figures.size(); ++i) {
            QVERIFY2(column(figures[i]) < header.size(), figures[i].c_str());
            if (i > 0)
                QVERIFY2(column(figures[i - 1]) < column(figures[i]), figures[i].c_str());
        }
        QCOMPARE(rows[1][column("spill_loads_bytes")], std::string("12"));
        QCOMPARE(rows[1][column("occupancy_fraction")], std::string("0.75"));
        QCOMPARE(rows[2][column("occupancy_fraction")], std::string(""));
        QCOMPARE(rows[2][column("other_cpu_load_cpus")], std::string("1.5"));
        QVERIFY(!rows[1][column("caveats")].empty()); // throttled
        QVERIFY(!rows[2][column("caveats")].empty()); // 1.5 other CPUs busy
    }

    void csvFieldQuotesOnlyWhatNeedsIt()
    {
        QCOMPARE(csvField("plain"), std::string("plain"));
        QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
        QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(csvField("cr\r"), std::string("\"cr\r\""));
    }

    void currentHostDescribesThisMachine()
    {
        char name[256] = {};
        QCOMPARE(gethostname(name, sizeof name - 1), 0);
        const HostInfo host = currentHost("9.9.9", "H100");
        QCOMPARE(host.hostname, std::string(name));
        QVERIFY(host.os.rfind("Linux ", 0) == 0);
        QCOMPARE(host.toolVersion, std::string("9.9.9"));
        QCOMPARE(host.device, std::string("H100"));
    }
};

QTEST_GUILESS_MAIN(TestExport)
#include "tst_export.moc"
