// exportT4: a run stored in a real workspace, exported as a T4 results file and read back by the
// engine's own T4 reader (replay/), which must see the configurations, times and failures the
// workspace holds; the document carries every field the T4 results schema requires, with its
// types; hostile names stay JSON strings.
#include "export/t4export.h"
#include "mixedstatusrun.h"
#include "recordedsizecheck.h"
#include "replay/recordedspacereader.h"
#include "replay/t4resultsreader.h"
#include "replay/workspacespacereader.h"
#include "spec/specloader.h"
#include "storage/store.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <map>
#include <utility>

using namespace tb;
using nlohmann::json;

namespace {

constexpr const char *kToolVersion = "9.8.7";

using TypeCheck = std::function<bool(const json &)>;

bool isString(const json &value)
{
    return value.is_string();
}
bool isNumber(const json &value)
{
    return value.is_number();
}
bool isObject(const json &value)
{
    return value.is_object();
}
bool isArray(const json &value)
{
    return value.is_array();
}

// What the T4 results schema asks of a document, from kernel_tuner/schema/T4/1.0.0/
// results-schema.json (the schema published with "FAIR Sharing of Data in Autotuning
// Research", as Kernel Tuner ships it), checked against the Benchmark Hub's real T4 file
// (/work/shared/spaces/benchmark_hub/convolution_milo_A100_T4.json.gz) and replay/
// t4resultsreader.cpp. The schema's "required" list is per result: configuration, times,
// invalidity, correctness. At the top it requires nothing but defines only schema_version
// (a string) and results (an array); both are required here, as every T4 file has them, and so
// is metadata (an object holding timeunit), without which no reader can tell the unit.
const std::vector<std::pair<const char *, TypeCheck>> kRequiredTopLevel = {
    {"schema_version", isString}, {"metadata", isObject}, {"results", isArray}};
const std::vector<std::pair<const char *, TypeCheck>> kRequiredPerResult = {
    {"configuration", isObject},
    {"times", isObject},
    {"invalidity", isString},
    {"correctness", isNumber}};
// Properties the schema types but does not require: checked wherever the export writes them,
// and the export writes them all (every Benchmark Hub result has them).
const std::vector<std::pair<const char *, TypeCheck>> kTypedPerResult = {
    {"timestamp", isString}, {"objectives", isArray}, {"measurements", isArray}};
// The schema's "times" properties: numbers, and runtimes an array. It spells compilation
// "compilation_time"; Kernel Tuner, the Benchmark Hub and Tunebench's reader use "compilation".
const std::vector<std::pair<const char *, TypeCheck>> kTypedTimes = {{"compilation", isNumber},
                                                                     {"framework", isNumber},
                                                                     {"search_algorithm", isNumber},
                                                                     {"validation", isNumber},
                                                                     {"runtimes", isArray}};

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

bool writeText(const std::string &path, const std::string &text)
{
    QFile file(QString::fromStdString(path));
    return file.open(QIODevice::WriteOnly) &&
           file.write(text.data(), static_cast<qint64>(text.size())) ==
               static_cast<qint64>(text.size());
}

// Each of `fields` in `object`, of its type; "" when all are, else what is wrong.
std::string checkFields(const json &object,
                        const std::vector<std::pair<const char *, TypeCheck>> &fields,
                        bool required, const std::string &where)
{
    for (const auto &[name, hasType] : fields) {
        if (!object.contains(name)) {
            if (required)
                return where + " lacks " + name;
            continue;
        }
        if (!hasType(object[name]))
            return where + "." + name + " has the wrong type: " + object[name].dump();
    }
    return {};
}

// A measurement as the schema types it: name and unit strings, value a number, string or array.
std::string checkMeasurement(const json &measurement, const std::string &where)
{
    if (!measurement.is_object() || !measurement.value("name", json()).is_string() ||
        !measurement.value("unit", json()).is_string())
        return where + " is not a named measurement with a unit: " + measurement.dump();
    const json value = measurement.value("value", json());
    if (!value.is_number() && !value.is_string() && !value.is_array())
        return where + ".value has the wrong type: " + value.dump();
    return {};
}

std::string checkResult(const json &result, const std::string &where)
{
    if (!result.is_object())
        return where + " is not an object";
    std::string problem = checkFields(result, kRequiredPerResult, true, where);
    if (problem.empty())
        problem = checkFields(result, kTypedPerResult, true, where);
    if (problem.empty())
        problem = checkFields(result["times"], kTypedTimes, false, where + ".times");
    if (!problem.empty())
        return problem;
    const std::string invalidity = result["invalidity"].get<std::string>();
    if (std::find(kT4Invalidities.begin(), kT4Invalidities.end(), invalidity) ==
        kT4Invalidities.end())
        return where + ".invalidity '" + invalidity + "' is not in the schema's enum";
    for (const json &runtime : result["times"].value("runtimes", json::array()))
        if (!runtime.is_number())
            return where + ".times.runtimes holds " + runtime.dump();
    for (std::size_t i = 0; i < result["measurements"].size(); ++i)
        if (auto bad = checkMeasurement(result["measurements"][i],
                                        where + ".measurements[" + std::to_string(i) + "]");
            !bad.empty())
            return bad;
    return {};
}

} // namespace

class TestT4Export : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_workspace;
    Spec m_spec;
    RunRecord m_run;
    std::vector<StoredResult> m_results; // read back from the store, with samples

    std::string path(const char *name) const { return m_dir.filePath(name).toStdString(); }

    // The export of size `sizeIndex`, written to `name` (its path returned).
    std::string exportTo(std::size_t sizeIndex, const char *name)
    {
        auto t4 = exportT4(m_spec, m_run, m_results, sizeIndex, kToolVersion);
        if (!t4)
            qFatal("export failed: %s", t4.error().toString().c_str());
        if (!writeText(path(name), t4->text))
            qFatal("cannot write %s", name);
        return path(name);
    }

    // Every configuration read back as the run holds it: times (median and samples) and the
    // failure, as T4 names it.
    void checkAgainstTheRun(const RecordedSpace &space)
    {
        QCOMPARE(space.format, RecordedFormat::T4);
        QCOMPARE(space.objective, std::string("time"));
        QVERIFY(space.objectiveMinimised);
        QCOMPARE(space.parameters.size(), std::size_t{2});
        QCOMPARE(space.parameters[0].name, std::string("BLOCK"));
        QCOMPARE(space.parameters[1].name, std::string("ALPHA"));
        // T4 lists no parameters: the reader derives them from the (measured) configurations.
        QCOMPARE(space.parameters[0].values, (std::vector<double>{32, 64, 128, 256}));
        QCOMPARE(space.parameters[1].values, (std::vector<double>{0.5, 1}));

        // Seven measured configurations; the one skipped by a constraint was never run.
        tbtest::verifyRecordedSizeZero(space, m_results,
                                       {{ResultStatus::CompileError, "compile"},
                                        {ResultStatus::InvalidLaunch, "runtime"},
                                        {ResultStatus::WrongResult, "correctness"},
                                        {ResultStatus::Timeout, "timeout"},
                                        {ResultStatus::RuntimeError, "runtime"}},
                                       false);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = path("run.tbw");
        auto made = tbtest::storeMixedStatusRun(m_workspace, "scale_t4", m_dir.path().toStdString(),
                                                "0.1.0");
        m_spec = made.spec;
        m_run = made.run;
        m_results = made.results;
    }

    void readsBackTheRunsConfigurationsTimesAndFailures()
    {
        const std::string file = exportTo(0, "size0.json");
        auto space = readT4Results(file);
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        checkAgainstTheRun(*space);
    }

    void isToldFromItsContentAsT4()
    {
        // readRecordedSpace tells the format from the content: the export must read as T4.
        const std::string file = exportTo(0, "size0.t4");
        auto space = readRecordedSpace(file);
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        checkAgainstTheRun(*space);
    }

    void agreesWithTheWorkspaceReplay()
    {
        // Replaying the workspace and replaying its T4 export must be the same space.
        auto exported = readT4Results(exportTo(1, "size1.json"));
        QVERIFY2(exported.hasValue(), exported ? "" : exported.error().toString().c_str());
        auto direct = readWorkspaceSpace(m_workspace, m_run.id, 1);
        QVERIFY2(direct.hasValue(), direct ? "" : direct.error().toString().c_str());
        QCOMPARE(exported->configurations.size(), direct->configurations.size());
        QCOMPARE(exported->configurations.size(), std::size_t{2});
        for (const RecordedConfiguration &mine : exported->configurations) {
            const auto theirs =
                std::find_if(direct->configurations.begin(), direct->configurations.end(),
                             [&](const auto &c) { return c.configuration == mine.configuration; });
            QVERIFY(theirs != direct->configurations.end());
            QCOMPARE(mine.failed(), theirs->failed());
            QVERIFY(tbtest::closeTo(*mine.seconds, *theirs->seconds));
            QCOMPARE(mine.sampleSeconds, theirs->sampleSeconds);
        }
    }

    void hasEveryFieldTheSchemaRequires()
    {
        auto t4 = exportT4(m_spec, m_run, m_results, 0, kToolVersion);
        QVERIFY(t4.hasValue());
        QCOMPARE(t4->configurations, std::size_t{7});
        QCOMPARE(t4->failures, std::size_t{5});
        const json document = json::parse(t4->text);
        const std::string top = checkFields(document, kRequiredTopLevel, true, "document");
        QVERIFY2(top.empty(), top.c_str());
        QCOMPARE(document["schema_version"], json("1.0.0"));
        QVERIFY(document["metadata"]["timeunit"].is_string());
        QCOMPARE(document["results"].size(), std::size_t{7});
        for (std::size_t i = 0; i < document["results"].size(); ++i) {
            const std::string problem =
                checkResult(document["results"][i], "results[" + std::to_string(i) + "]");
            QVERIFY2(problem.empty(), problem.c_str());
        }
    }

    void writesValuesAndMetadataAsTheBenchmarkHubDoes()
    {
        auto t4 = exportT4(m_spec, m_run, m_results, 0, kToolVersion);
        QVERIFY(t4.hasValue());
        const json document = json::parse(t4->text);
        const json &metadata = document["metadata"];
        QCOMPARE(metadata["kernel_name"], json("scale"));
        QCOMPARE(metadata["problem_size"], json({{"N", 4096}}));
        const json &environment = metadata["environment"];
        QCOMPARE(environment["device_name"], json("Test GPU 80GB"));
        QCOMPARE(environment["tool"], json("Tunebench"));
        QCOMPARE(environment["tool_version"], json(kToolVersion));
        QCOMPARE(environment["recorded_with"], json("0.1.0"));
        QCOMPARE(environment["host"], json("testhost"));

        const json &results = document["results"];
        const auto find = [&](double block, double alpha) {
            return *std::find_if(results.begin(), results.end(), [&](const json &r) {
                return r["configuration"]["BLOCK"] == block && r["configuration"]["ALPHA"] == alpha;
            });
        };
        const json ok = find(32, 0.5);
        QVERIFY(ok["configuration"]["BLOCK"].is_number_integer());
        QVERIFY(ok["configuration"]["ALPHA"].is_number_float());
        QCOMPARE(ok["invalidity"], json("correct"));
        QCOMPARE(ok["correctness"], json(1));
        QCOMPARE(ok["measurements"][0]["name"], json("time"));
        QVERIFY(tbtest::closeTo(ok["measurements"][0]["value"].get<double>(), 2.0)); // ms
        QCOMPARE(ok["measurements"][1]["name"], json("GB/s"));
        QCOMPARE(ok["times"]["runtimes"].size(), std::size_t{3});
        QVERIFY(tbtest::closeTo(ok["times"]["compilation"].get<double>(), 250));
        QCOMPARE(ok["objectives"], json({"time"}));
        const std::string timestamp = ok["timestamp"].get<std::string>();
        QVERIFY2(timestamp.size() > 10 && timestamp[10] == ' ' && contains(timestamp, "+00:00"),
                 timestamp.c_str());

        const json compile = find(64, 0.5);
        QCOMPARE(compile["invalidity"], json("compile"));
        QCOMPARE(compile["correctness"], json(0));
        QCOMPARE(compile["measurements"],
                 json::parse(R"([{"name":"time","value":"CompilationFailedConfig","unit":"ms"}])"));
        QVERIFY(!compile["times"].contains("runtimes"));

        auto named = exportT4(m_spec, m_run, m_results, 0, kToolVersion, "My GPU");
        QVERIFY(named.hasValue());
        QCOMPARE(json::parse(named->text)["metadata"]["environment"]["device_name"],
                 json("My GPU"));
    }

    void carriesEnergyAsKernelTunersT4WriterNamesIt()
    {
        auto t4 = exportT4(m_spec, m_run, tbtest::withEnergyFigures(m_results), 0, kToolVersion);
        QVERIFY(t4.hasValue());
        const json document = json::parse(t4->text);
        const json &results = document["results"];
        const auto measurementsOf = [&](double block, double alpha) {
            return (*std::find_if(results.begin(), results.end(), [&](const json &r) {
                return r["configuration"]["BLOCK"] == block && r["configuration"]["ALPHA"] == alpha;
            }))["measurements"];
        };
        // Time first (the objective), then the NVMLObserver's three figures, then the metrics.
        const json measured = measurementsOf(32, 0.5);
        QCOMPARE(measured.size(), std::size_t{5});
        QCOMPARE(measured[0]["name"], json("time"));
        QCOMPARE(measured[1], json::parse(R"({"name":"nvml_energy","value":0.42,"unit":"J"})"));
        QCOMPARE(measured[2], json::parse(R"({"name":"nvml_power","value":210.0,"unit":"W"})"));
        QCOMPARE(measured[3], json::parse(R"({"name":"core_freq","value":1980.0,"unit":"MHz"})"));
        QCOMPARE(measured[4]["name"], json("GB/s"));
        // Nothing measured, nothing written.
        QCOMPARE(measurementsOf(32, 1).size(), std::size_t{2});
        QCOMPARE(measurementsOf(64, 0.5).size(), std::size_t{1});
        // The reader still reads the time as the objective.
        const std::string file = path("energy.json");
        QVERIFY(writeText(file, t4->text));
        auto space = readT4Results(file);
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->objective, std::string("time"));
    }

    void hostileNamesAreJustStrings()
    {
        Spec spec = m_spec;
        const std::string quote = "\"; rm -rf / #";
        const std::string control = "a\\b\n\t\x01}]";
        const std::string unicode = "\xc3\xa9t\xc3\xa9 </script>";
        spec.parameters[0].name = quote;
        spec.parameters[1].name = control;
        spec.sizes.names[0] = unicode;
        spec.kernel.entry = "k\"}";
        RunRecord run = m_run;
        run.host = "h\"ost\\";
        auto t4 = exportT4(spec, run, m_results, 0, "\"1\"", "GPU \"x\"\n");
        QVERIFY2(t4.hasValue(), t4 ? "" : t4.error().toString().c_str());
        QVERIFY(!contains(t4->text.substr(0, t4->text.size() - 1), "\n")); // one line, escaped

        const json document = json::parse(t4->text);
        QVERIFY(document["results"][0]["configuration"].contains(quote));
        QVERIFY(document["results"][0]["configuration"].contains(control));
        QCOMPARE(document["metadata"]["problem_size"], json({{unicode, 4096}}));
        QCOMPARE(document["metadata"]["kernel_name"], json("k\"}"));
        QCOMPARE(document["metadata"]["environment"]["device_name"], json("GPU \"x\"\n"));
        QCOMPARE(document["metadata"]["environment"]["tool_version"], json("\"1\""));

        QVERIFY(writeText(path("hostile.json"), t4->text));
        auto space = readT4Results(path("hostile.json"));
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->parameters[0].name, quote);
        QCOMPARE(space->parameters[1].name, control);
        QCOMPARE(space->configurations.size(), std::size_t{7});
    }

    void namesTheSizesWhenTheIndexIsOutOfRange()
    {
        auto t4 = exportT4(m_spec, m_run, m_results, 2, kToolVersion);
        QVERIFY(!t4.hasValue());
        QCOMPARE(t4.error().code, EngineError::Code::InvalidArgument);
        const std::string text = t4.error().message;
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
        auto t4 = exportT4(m_spec, m_run, results, 0, kToolVersion);
        QVERIFY(!t4.hasValue());
        QVERIFY2(contains(t4.error().message, "compiled but never timed"),
                 t4.error().message.c_str());
    }

    void refusesASizeWithoutResults()
    {
        std::vector<StoredResult> sizeZeroOnly;
        std::copy_if(m_results.begin(), m_results.end(), std::back_inserter(sizeZeroOnly),
                     [](const StoredResult &s) { return s.sizeIndex == 0; });
        auto t4 = exportT4(m_spec, m_run, sizeZeroOnly, 1, kToolVersion);
        QVERIFY(!t4.hasValue());
        QVERIFY2(contains(t4.error().message, "no result of problem size 1"),
                 t4.error().message.c_str());
    }

    void mapsEveryStatusIntoTheSchemasEnum()
    {
        for (ResultStatus status :
             {ResultStatus::Ok, ResultStatus::CompileError, ResultStatus::InvalidLaunch,
              ResultStatus::RuntimeError, ResultStatus::Timeout, ResultStatus::WrongResult,
              ResultStatus::WorkerCrashed, ResultStatus::SkippedByConstraint,
              ResultStatus::ReferenceFailed})
            QVERIFY(std::find(kT4Invalidities.begin(), kT4Invalidities.end(),
                              t4Invalidity(status)) != kT4Invalidities.end());
        QCOMPARE(t4Invalidity(ResultStatus::WorkerCrashed), std::string_view("runtime"));
    }
};

QTEST_GUILESS_MAIN(TestT4Export)
#include "tst_t4export.moc"
