// exportKernelTuner: a run stored in a real workspace, exported as a Kernel Tuner cache file and
// read back by the engine's own Kernel Tuner reader (replay/), which must see the configurations,
// times and failure kinds the workspace holds, as the workspace replay reads them.
#include "export/exporter.h"
#include "export/kerneltunerformat.h"
#include "mixedstatusrun.h"
#include "recordedsizecheck.h"
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

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = path("run.tbw");
        auto made =
            tbtest::storeMixedStatusRun(m_workspace, "scale_kt", m_dir.path().toStdString());
        m_spec = made.spec;
        m_run = made.run;
        m_results = made.results;
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
        tbtest::verifyRecordedSizeZero(space, m_results,
                                       {{ResultStatus::CompileError, "CompilationFailedConfig"},
                                        {ResultStatus::InvalidLaunch, "RuntimeFailedConfig"},
                                        {ResultStatus::WrongResult, "RuntimeFailedConfig"},
                                        {ResultStatus::Timeout, "RuntimeFailedConfig"},
                                        {ResultStatus::RuntimeError, "RuntimeFailedConfig"}},
                                       true);
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
            QVERIFY(tbtest::closeTo(*mine.seconds, *theirs->seconds));
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
        QVERIFY(tbtest::closeTo(ok["time"].get<double>(), 2.0));
        QCOMPARE(ok["times"].size(), std::size_t{3});
        QVERIFY(tbtest::closeTo(ok["GB/s"].get<double>(), 2 * 4096 * 4 / 2e-3 / 1e9));
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
        QVERIFY(tbtest::closeTo(compile["compile_time"].get<double>(), 500));
    }

    void carriesEnergyUnderTheNvmlObserversNames()
    {
        // A Kernel Tuner metric such as GFLOP/J = gflop / nvml_energy must read the export.
        auto cache = exportKernelTuner(m_spec, m_run, tbtest::withEnergyFigures(m_results), 0);
        QVERIFY(cache.hasValue());
        const json document = json::parse(cache->text);
        const json &entries = document["cache"];
        const json &measured = entries["32,0.5"];
        QCOMPARE(measured[kerneltuner::kEnergyField].get<double>(), 0.42);
        QCOMPARE(measured[kerneltuner::kPowerField].get<double>(), 210.0);
        QCOMPARE(measured[kerneltuner::kCoreClockField].get<double>(), 1980.0);
        // Absent where nothing was measured: a zero would read as a free configuration.
        for (const char *key : {"32,1", "64,0.5"})
            for (const char *field : {kerneltuner::kEnergyField, kerneltuner::kPowerField,
                                      kerneltuner::kCoreClockField})
                QVERIFY2(!entries[key].contains(field), (std::string(key) + " " + field).c_str());
        // The replay reader still reads the file, with the same time.
        QFile file(QString::fromStdString(path("energy.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(cache->text.data(), static_cast<qint64>(cache->text.size()));
        file.close();
        auto space = readKernelTunerCache(path("energy.json"));
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->configurations.size(), std::size_t{7});
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
