// exportKernelTuner: a run stored in a real workspace, exported as a Kernel Tuner cache file and
// read back by the engine's own Kernel Tuner reader (replay/), which must see the configurations,
// times and failure kinds the workspace holds, as the workspace replay reads them.
#include "export/exporter.h"
#include "export/kerneltunerformat.h"
#include "replay/kerneltunercachereader.h"
#include "replay/workspacespacereader.h"
#include "spec/specloader.h"
#include "storage/store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <map>

using namespace tb;
using nlohmann::json;

namespace {

// A CPU spec with two problem sizes; ALPHA has a fraction, so not every value is a whole number.
constexpr const char *kSpec = R"({
  "tunebench_spec": 1,
  "name": "scale_kt",
  "backend": "cpu",
  "kernel": {"code": "void scale(const float *x, float *y, int n) {}", "entry": "scale",
             "language": "c"},
  "parameters": [{"name": "BLOCK", "values": [32, 64, 128, 256]},
                 {"name": "ALPHA", "values": [0.5, 1]}],
  "problem_sizes": [{"N": 4096}, {"N": 1024}],
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "float32", "size": "N"},
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ],
  "metrics": [{"name": "GB/s", "expression": "2 * N * 4 / time / 1e9"}]
})";

Result timed(double median, std::vector<double> samples)
{
    Result result;
    result.samples = std::move(samples);
    result.summary = {
        median, median * 0.9, median * 1.05, median / 20, static_cast<int>(result.samples.size()),
        0.01};
    result.timer = "steady_clock";
    result.compileSeconds = 0.25;
    result.resources = {{"verify_seconds", 0.01}, {"measure_seconds", 0.05}};
    result.metrics = {{"GB/s", 2 * 4096 * 4 / median / 1e9}};
    result.device = "Test GPU 80GB";
    return result;
}

Result failed(ResultStatus status)
{
    Result result;
    result.status = status;
    result.message = "it failed\nsecond line";
    result.compileSeconds = status == ResultStatus::CompileError ? 0.5 : 0.25;
    return result;
}

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

std::string configKeyOf(const std::vector<double> &values)
{
    return "BLOCK=" + formatValue(values[0]) + ",ALPHA=" + formatValue(values[1]);
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

} // namespace

class TestKernelTunerExport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_workspace;
    Spec m_spec;
    RunRecord m_run;
    std::vector<StoredResult> m_results; // read back from the store, with samples

    std::string path(const char *name) const { return m_dir.filePath(name).toStdString(); }

    void save(Store &store, std::int64_t specId, const std::vector<double> &values,
              std::size_t size, const Result &result)
    {
        auto saved = store.saveResult(m_run.id, specId, configKeyOf(values), Configuration{values},
                                      size, result);
        QVERIFY2(saved.hasValue(), saved ? "" : saved.error().toString().c_str());
    }

    // The export of size `sizeIndex`, written to `name` and read back by the replay reader.
    RecordedSpace exportAndRead(std::size_t sizeIndex, const char *name)
    {
        auto cache = exportKernelTuner(m_spec, m_run, m_results, sizeIndex);
        if (!cache)
            qFatal("export failed: %s", cache.error().toString().c_str());
        QFile file(QString::fromStdString(path(name)));
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(cache->text.data(), static_cast<qint64>(cache->text.size())) !=
                static_cast<qint64>(cache->text.size()))
            qFatal("cannot write %s", name);
        file.close();
        auto space = readKernelTunerCache(path(name));
        if (!space)
            qFatal("the reader refused the export: %s", space.error().toString().c_str());
        return *space;
    }

    const StoredResult &storedOf(const Configuration &config, std::size_t size) const
    {
        const auto found = std::find_if(m_results.begin(), m_results.end(), [&](const auto &s) {
            return s.sizeIndex == size && s.config == config;
        });
        if (found == m_results.end())
            qFatal("the export has a configuration the run does not");
        return *found;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        m_spec = *spec;
        m_workspace = path("run.tbw");
        auto store = Store::open(m_workspace);
        QVERIFY(store.hasValue());
        auto specId = store->saveSpec(m_spec);
        QVERIFY(specId.hasValue());
        m_run.specId = *specId;
        m_run.strategy = "brute_force";
        m_run.device = "cpu";
        m_run.host = "testhost";
        auto runId = store->createRun(m_run);
        QVERIFY(runId.hasValue());
        m_run.id = *runId;

        save(*store, *specId, {32, 0.5}, 0, timed(2e-3, {2.1e-3, 2e-3, 1.9e-3}));
        save(*store, *specId, {32, 1}, 0, timed(1.5e-3, {1.5e-3, 1.6e-3, 1.4e-3, 1.5e-3}));
        save(*store, *specId, {64, 0.5}, 0, failed(ResultStatus::CompileError));
        save(*store, *specId, {64, 1}, 0, failed(ResultStatus::InvalidLaunch));
        save(*store, *specId, {128, 0.5}, 0, failed(ResultStatus::WrongResult));
        save(*store, *specId, {128, 1}, 0, failed(ResultStatus::Timeout));
        save(*store, *specId, {256, 0.5}, 0, failed(ResultStatus::RuntimeError));
        save(*store, *specId, {256, 1}, 0, failed(ResultStatus::SkippedByConstraint));
        save(*store, *specId, {32, 0.5}, 1, timed(1e-4, {1e-4, 1.1e-4}));
        save(*store, *specId, {64, 1}, 1, timed(9e-5, {9e-5, 9.5e-5}));
        QVERIFY(store->setRunState(m_run.id, "finished").hasValue());

        auto results = store->results(m_run.id, true);
        QVERIFY(results.hasValue());
        m_results = *results;
        QCOMPARE(m_results.size(), std::size_t{10});
    }

    void readsBackTheRunsConfigurationsTimesAndFailures()
    {
        const RecordedSpace space = exportAndRead(0, "size0.json");
        QCOMPARE(space.format, RecordedFormat::KernelTunerCache);
        QCOMPARE(space.kernelName, std::string("scale"));
        QCOMPARE(space.deviceName, std::string("Test GPU 80GB"));
        QCOMPARE(space.problemSize, std::string("[4096]"));
        QCOMPARE(space.objective, std::string("time"));
        QVERIFY(space.objectiveMinimised);
        QCOMPARE(space.parameters.size(), std::size_t{2});
        QCOMPARE(space.parameters[0].name, std::string("BLOCK"));
        QCOMPARE(space.parameters[0].values, (std::vector<double>{32, 64, 128, 256}));
        QCOMPARE(space.parameters[1].values, (std::vector<double>{0.5, 1}));

        // Seven measured configurations; the one skipped by a constraint was never run.
        QCOMPARE(space.configurations.size(), std::size_t{7});
        QCOMPARE(space.failureCount(), std::size_t{5});
        const std::map<ResultStatus, std::string> expected = {
            {ResultStatus::CompileError, "CompilationFailedConfig"},
            {ResultStatus::InvalidLaunch, "RuntimeFailedConfig"},
            {ResultStatus::WrongResult, "RuntimeFailedConfig"},
            {ResultStatus::Timeout, "RuntimeFailedConfig"},
            {ResultStatus::RuntimeError, "RuntimeFailedConfig"}};
        for (const RecordedConfiguration &read : space.configurations) {
            const Result &stored = storedOf(read.configuration, 0).result;
            QVERIFY(stored.status != ResultStatus::SkippedByConstraint);
            QVERIFY(read.compileSeconds.has_value());
            QVERIFY(close(*read.compileSeconds, stored.compileSeconds));
            if (stored.status != ResultStatus::Ok) {
                QVERIFY(read.failed());
                QCOMPARE(read.failure, expected.at(stored.status));
                QVERIFY(read.sampleSeconds.empty());
                continue;
            }
            QVERIFY(!read.failed());
            QVERIFY2(close(*read.seconds, stored.summary.median),
                     std::to_string(*read.seconds).c_str());
            QCOMPARE(read.sampleSeconds.size(), stored.samples.size());
            for (std::size_t i = 0; i < stored.samples.size(); ++i)
                QVERIFY(close(read.sampleSeconds[i], stored.samples[i]));
            QVERIFY(close(*read.verificationSeconds, 0.01));
            QVERIFY(close(*read.benchmarkSeconds, 0.05));
        }
    }

    void agreesWithTheWorkspaceReplay()
    {
        // Replaying the workspace and replaying its Kernel Tuner export must be the same space.
        const RecordedSpace exported = exportAndRead(1, "size1.json");
        auto direct = readWorkspaceSpace(m_workspace, m_run.id, 1);
        QVERIFY2(direct.hasValue(), direct ? "" : direct.error().toString().c_str());
        QCOMPARE(exported.problemSize, std::string("[1024]"));
        QCOMPARE(exported.configurations.size(), direct->configurations.size());
        QCOMPARE(exported.configurations.size(), std::size_t{2});
        for (const RecordedConfiguration &mine : exported.configurations) {
            const auto theirs =
                std::find_if(direct->configurations.begin(), direct->configurations.end(),
                             [&](const auto &c) { return c.configuration == mine.configuration; });
            QVERIFY(theirs != direct->configurations.end());
            QCOMPARE(mine.failed(), theirs->failed());
            QVERIFY(close(*mine.seconds, *theirs->seconds));
            QCOMPARE(mine.sampleSeconds.size(), theirs->sampleSeconds.size());
        }
    }

    void writesKeysAndValuesAsKernelTunerDoes()
    {
        auto cache = exportKernelTuner(m_spec, m_run, m_results, 0);
        QVERIFY(cache.hasValue());
        QCOMPARE(cache->configurations, std::size_t{7});
        QCOMPARE(cache->failures, std::size_t{5});
        const json document = json::parse(cache->text);
        // Kernel Tuner's read_cache() takes a file not ending in the cache's closing braces for
        // one cut short and appends braces to it.
        std::string trimmed = cache->text;
        while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back())))
            trimmed.pop_back();
        QVERIFY(trimmed.size() >= 3 && trimmed.substr(trimmed.size() - 3) == "}}}");
        QCOMPARE(document["tune_params_keys"], json({"BLOCK", "ALPHA"}));
        QVERIFY(document["problem_size"][0].is_number_integer());
        QVERIFY(document["tune_params"]["BLOCK"][0].is_number_integer());
        QVERIFY(document["tune_params"]["ALPHA"][0].is_number_float());

        const json &cacheObject = document["cache"];
        QVERIFY(cacheObject.contains("32,0.5"));
        QVERIFY(cacheObject.contains("64,1")); // 1, not 1.0: Python's str() of a JSON 1
        QVERIFY(!cacheObject.contains("256,1"));
        const json &ok = cacheObject["32,0.5"];
        QVERIFY(ok["BLOCK"].is_number_integer());
        QCOMPARE(ok["ALPHA"].get<double>(), 0.5);
        QVERIFY(close(ok["time"].get<double>(), 2.0));
        QCOMPARE(ok["times"].size(), std::size_t{3});
        QVERIFY(close(ok["GB/s"].get<double>(), 2 * 4096 * 4 / 2e-3 / 1e9));
        QVERIFY(!ok.contains("__error__"));
        for (const char *field : {"compile_time", "verification_time", "benchmark_time",
                                  "strategy_time", "framework_time"})
            QVERIFY2(ok[field].is_number(), field);
        // "2026-11-26 08:13:14.561+00:00", as Python prints an aware UTC datetime.
        const std::string timestamp = ok["timestamp"].get<std::string>();
        QVERIFY2(timestamp.size() > 10 && timestamp[10] == ' ' && contains(timestamp, "+00:00") &&
                     !contains(timestamp, "Z"),
                 timestamp.c_str());

        const json &compile = cacheObject["64,0.5"];
        QCOMPARE(compile["time"], json("CompilationFailedConfig"));
        QCOMPARE(compile["__error__"], json("CompilationFailedConfig"));
        QVERIFY(!compile.contains("times"));
        QVERIFY(!compile.contains("GB/s"));
        QVERIFY(close(compile["compile_time"].get<double>(), 500));
    }

    void namesTheSizesWhenTheIndexIsOutOfRange()
    {
        auto cache = exportKernelTuner(m_spec, m_run, m_results, 2);
        QVERIFY(!cache.hasValue());
        QCOMPARE(cache.error().code, EngineError::Code::InvalidArgument);
        const std::string text = cache.error().message;
        QVERIFY2(contains(text, "problem size 2 is out of range"), text.c_str());
        QVERIFY2(contains(text, "0: N=4096, 1: N=1024"), text.c_str());
    }

    void refusesAResultCompiledButNeverTimed()
    {
        std::vector<StoredResult> results = m_results;
        StoredResult untimed = results.front();
        untimed.config.values = {128, 0.5};
        untimed.result = Result{}; // ok, no samples: a compile-only result
        results.push_back(untimed);
        auto cache = exportKernelTuner(m_spec, m_run, results, 0);
        QVERIFY(!cache.hasValue());
        QVERIFY2(contains(cache.error().message, "compiled but never timed"),
                 cache.error().message.c_str());
    }

    void refusesASizeWithoutResults()
    {
        std::vector<StoredResult> sizeZeroOnly;
        std::copy_if(m_results.begin(), m_results.end(), std::back_inserter(sizeZeroOnly),
                     [](const StoredResult &s) { return s.sizeIndex == 0; });
        auto cache = exportKernelTuner(m_spec, m_run, sizeZeroOnly, 1);
        QVERIFY(!cache.hasValue());
        QVERIFY2(contains(cache.error().message, "no result of problem size 1"),
                 cache.error().message.c_str());
    }

    void mapsEveryFailureToAClassKernelTunerReads()
    {
        QCOMPARE(kernelTunerFailure(ResultStatus::CompileError), kerneltuner::kCompilationFailed);
        for (ResultStatus status :
             {ResultStatus::InvalidLaunch, ResultStatus::RuntimeError, ResultStatus::Timeout,
              ResultStatus::WrongResult, ResultStatus::WorkerCrashed}) {
            QCOMPARE(kernelTunerFailure(status), kerneltuner::kRuntimeFailed);
            QVERIFY(kerneltuner::isFailureName(kernelTunerFailure(status)));
        }
        QVERIFY(!kerneltuner::isFailureName("compile_error"));
    }
};

QTEST_GUILESS_MAIN(TestKernelTunerExport)
#include "tst_kerneltunerexport.moc"
