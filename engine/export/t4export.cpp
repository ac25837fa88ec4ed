#include "t4export.h"

#include "analysis/bestpersize.h"
#include "analysis/sizeresults.h"
#include "kerneltunerexport.h"
#include "model/resultfigure.h"
#include "nvmlobserverfigures.h"
#include "space/variables.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>

namespace tb {

namespace {

// ordered_json: fields in the order the Benchmark Hub's T4 files have them, so a reader
// comparing the two by eye finds them where it expects.
using Json = nlohmann::ordered_json;

constexpr const char *kSchemaVersion = "1.0.0";
// As Kernel Tuner spells it in every T4 file it writes; Tunebench's reader accepts both
// spellings, and a consumer written against Kernel Tuner's files may compare the text.
constexpr const char *kTimeUnit = "miliseconds";
constexpr double kMillisecondsPerSecond = 1e3;

double milliseconds(double seconds)
{
    return seconds * kMillisecondsPerSecond;
}

Json configurationOf(const Spec &spec, const Configuration &config)
{
    Json values = Json::object();
    for (std::size_t i = 0; i < spec.parameters.size() && i < config.values.size(); ++i)
        values[spec.parameters[i].name] = pythonNumber(config.values[i]);
    return values;
}

// The stages Tunebench timed, in ms; 0 for one it did not, as Kernel Tuner writes 0 for a stage
// it skipped. Tunebench does not split the search's own time per result.
Json timesOf(const Result &result)
{
    Json times = {
        {"compilation", milliseconds(result.compileSeconds)},
        {"framework", 0},
        {"search_algorithm", 0},
        {"validation", milliseconds(result.resource(figures::kVerifySeconds).value_or(0))},
    };
    // A failure has no samples worth reading: Kernel Tuner writes none either.
    if (result.status == ResultStatus::Ok) {
        Json runtimes = Json::array();
        for (double sample : result.samples)
            runtimes.push_back(milliseconds(sample));
        times["runtimes"] = std::move(runtimes);
    }
    return times;
}

Json measurement(const std::string &name, Json value, const char *unit)
{
    return {{"name", name}, {"value", std::move(value)}, {"unit", unit}};
}

// "time" first, as the reader and Kernel Tuner look for it by name; a failure keeps its Kernel
// Tuner class there, as the Benchmark Hub's files do. Then energy, power and clock under the
// names Kernel Tuner's T4 writer gives its NVMLObserver's figures (with their units, where it
// writes none), then the spec's metrics (not "time", which would shadow the objective).
Json measurementsOf(const Spec &spec, const Result &result)
{
    if (result.status != ResultStatus::Ok)
        return Json::array(
            {measurement("time", std::string(kernelTunerFailure(result.status)), "ms")});
    Json list = Json::array({measurement("time", milliseconds(result.summary.median), "ms")});
    for (const NvmlObserverFigure &figure : nvmlObserverFigures(result))
        list.push_back(measurement(figure.name, figure.value, figure.unit));
    for (const DerivedMetric &metric : spec.metrics) {
        const auto value = result.metrics.find(metric.name);
        if (metric.name != "time" && value != result.metrics.end() && std::isfinite(value->second))
            list.push_back(measurement(metric.name, value->second, ""));
    }
    return list;
}

Json resultOf(const Spec &spec, const StoredResult &stored)
{
    const Result &result = stored.result;
    const bool correct = result.status == ResultStatus::Ok;
    return {
        {"timestamp", pythonTimestamp(stored.createdAt)},
        {"configuration", configurationOf(spec, stored.config)},
        {"times", timesOf(result)},
        {"invalidity", std::string(t4Invalidity(result.status))},
        {"correctness", correct ? 1 : 0},
        {"measurements", measurementsOf(spec, result)},
        // Tunebench ranks and replays by time, whatever metric the spec reports beside it.
        {"objectives", Json::array({"time"})},
    };
}

// By name, not as Kernel Tuner's bare array: T4 has no field of its own for the problem size,
// and names say what the numbers are. Empty for a spec without size variables.
Json problemSizeOf(const Spec &spec, std::size_t sizeIndex)
{
    Json size = Json::object();
    if (sizeIndex >= spec.sizes.values.size())
        return size;
    const auto &row = spec.sizes.values[sizeIndex];
    for (std::size_t i = 0; i < spec.sizes.names.size() && i < row.size(); ++i)
        size[spec.sizes.names[i]] = pythonNumber(row[i]);
    return size;
}

// In "metadata": T4's metadata schema keeps the environment there.
Json metadataOf(const Spec &spec, const RunRecord &run, std::size_t sizeIndex,
                const std::string &toolVersion, const std::string &device)
{
    return {
        {"timeunit", kTimeUnit},
        {"kernel_name", spec.kernel.entry.empty() ? spec.name : spec.kernel.entry},
        {"problem_size", problemSizeOf(spec, sizeIndex)},
        {"environment",
         {{"device_name", device},
          {"host", run.host},
          {"tool", "Tunebench"},
          {"tool_version", toolVersion},
          // The version that measured the run, which may be older than the exporting one.
          {"recorded_with", run.toolVersion}}},
    };
}

EngineError exportError(const RunRecord &run, const std::string &what)
{
    return makeError(EngineError::Code::InvalidArgument,
                     "run " + std::to_string(run.id) +
                         " cannot be exported as T4 results: " + what);
}

Expected<T4Results> build(const Spec &spec, const RunRecord &run,
                          const std::vector<StoredResult> &results, std::size_t sizeIndex,
                          const std::string &toolVersion, const std::string &device)
{
    T4Results out;
    const SizeResults size = collectSizeResults(results, sizeIndex);
    if (auto reason = unexportableReason(size, sizeIndex))
        return exportError(run, *reason);
    Json list = Json::array();
    for (const StoredResult *stored : size.recorded)
        list.push_back(resultOf(spec, *stored));
    out.configurations = list.size();
    out.failures = size.failures;
    const Json document = {
        {"schema_version", kSchemaVersion},
        {"metadata",
         metadataOf(spec, run, sizeIndex, toolVersion,
                    device.empty() ? measuringDevice(run, results, sizeIndex) : device)},
        {"results", std::move(list)},
    };
    // replace: a name with invalid UTF-8 must not fail the whole export.
    out.text = document.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
    return out;
}

} // namespace

std::string_view t4Invalidity(ResultStatus status)
{
    switch (status) {
    case ResultStatus::Ok:
        return "correct";
    case ResultStatus::CompileError:
        return "compile";
    case ResultStatus::Timeout:
        return "timeout";
    case ResultStatus::WrongResult:
        return "correctness";
    case ResultStatus::SkippedByConstraint:
        return "constraints";
    default:
        // An invalid launch, a runtime error, a crashed worker: it built but did not run.
        return "runtime";
    }
}

Expected<T4Results> exportT4(const Spec &spec, const RunRecord &run,
                             const std::vector<StoredResult> &results, std::size_t sizeIndex,
                             const std::string &toolVersion, const std::string &deviceName)
{
    const std::size_t sizes = problemSizeCount(spec);
    if (sizeIndex >= sizes)
        return exportError(run, "problem size " + std::to_string(sizeIndex) +
                                    " is out of range: its spec has " + std::to_string(sizes) +
                                    " problem size" + (sizes == 1 ? "" : "s") + " (" +
                                    problemSizeList(spec) + ")");
    try {
        return build(spec, run, results, sizeIndex, toolVersion, deviceName);
    } catch (const std::exception &error) {
        return makeError(EngineError::Code::Internal, "cannot export run as T4 results",
                         error.what());
    }
}

} // namespace tb
