#include "kerneltunerexport.h"

#include "analysis/bestpersize.h"
#include "analysis/sizeresults.h"
#include "kerneltunerformat.h"
#include "model/resultfigure.h"
#include "nvmlobserverfigures.h"
#include "space/variables.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <numeric>

namespace tb {

namespace {

// ordered_json: Kernel Tuner matches tune_params against tune_params_keys by order, and its
// read_cache() recognises a complete file by the cache's braces closing it, so "cache" must
// come last; a sorted object would put it first.
using Json = nlohmann::ordered_json;

double milliseconds(double seconds)
{
    return seconds * kerneltuner::kMillisecondsPerSecond;
}

// The values as Kernel Tuner joins them. A number's JSON text is what Python's str() prints
// for the value json.load reads from it (64 -> "64", 0.5 -> "0.5").
std::string cacheKey(const Configuration &config)
{
    std::string key;
    for (std::size_t i = 0; i < config.values.size(); ++i)
        key += (i ? std::string(1, kerneltuner::kKeySeparator) : "") +
               pythonNumber(config.values[i]).dump();
    return key;
}

Json problemSize(const Spec &spec, std::size_t sizeIndex)
{
    Json size = Json::array();
    if (sizeIndex < spec.sizes.values.size())
        for (double value : spec.sizes.values[sizeIndex])
            size.push_back(pythonNumber(value));
    return size;
}

Json tuneParams(const Spec &spec)
{
    Json params = Json::object();
    for (const Parameter &parameter : spec.parameters) {
        Json values = Json::array();
        for (double value : parameter.values)
            values.push_back(pythonNumber(value));
        params[parameter.name] = std::move(values);
    }
    return params;
}

Json tuneParamsKeys(const Spec &spec)
{
    Json keys = Json::array();
    for (const Parameter &parameter : spec.parameters)
        keys.push_back(parameter.name);
    return keys;
}

// The stages Tunebench timed, in ms; 0 for one it did not time, as Kernel Tuner writes 0 for a
// stage it skipped. Without a timed measurement stage the samples are the best record of what
// measuring cost (as the workspace replay reads it).
void addStageTimes(Json &entry, const Result &result)
{
    const double samples = std::accumulate(result.samples.begin(), result.samples.end(), 0.0);
    entry["compile_time"] = milliseconds(result.compileSeconds);
    entry["verification_time"] = milliseconds(result.resource(figures::kVerifySeconds).value_or(0));
    entry["benchmark_time"] =
        milliseconds(result.resource(figures::kMeasureSeconds).value_or(samples));
    // Time the search itself and the framework took: Tunebench does not split it per result.
    entry["strategy_time"] = 0;
    entry["framework_time"] = 0;
}

// Energy, power and clock under the NVMLObserver's names, where the run measured them.
void addObserverFigures(Json &entry, const Result &result)
{
    for (const NvmlObserverFigure &figure : nvmlObserverFigures(result))
        entry[figure.name] = figure.value;
}

// The spec's metrics, as Kernel Tuner adds its metrics to an entry; a name that would overwrite
// a parameter or a field of the entry is left out.
void addMetrics(Json &entry, const Spec &spec, const Result &result)
{
    for (const DerivedMetric &metric : spec.metrics) {
        const auto value = result.metrics.find(metric.name);
        if (value != result.metrics.end() && std::isfinite(value->second) &&
            !entry.contains(metric.name))
            entry[metric.name] = value->second;
    }
}

Json entryOf(const Spec &spec, const StoredResult &stored)
{
    const Result &result = stored.result;
    Json entry = Json::object();
    for (std::size_t i = 0; i < spec.parameters.size() && i < stored.config.values.size(); ++i)
        entry[spec.parameters[i].name] = pythonNumber(stored.config.values[i]);
    if (result.status == ResultStatus::Ok) {
        entry["time"] = milliseconds(result.summary.median);
        Json times = Json::array();
        for (double sample : result.samples)
            times.push_back(milliseconds(sample));
        entry["times"] = std::move(times);
    } else {
        // In "time" as Kernel Tuner up to 1.0 wrote it (and as Tunebench's reader wants it);
        // in "__error__" as 1.5 writes it. Both read back as the same failure in 1.5.
        const std::string failure(kernelTunerFailure(result.status));
        entry["time"] = failure;
        entry["__error__"] = failure;
    }
    addStageTimes(entry, result);
    if (result.status == ResultStatus::Ok) {
        addObserverFigures(entry, result);
        addMetrics(entry, spec, result);
    }
    entry["timestamp"] = pythonTimestamp(stored.createdAt);
    return entry;
}

EngineError sizeError(const RunRecord &run, const std::string &what)
{
    return makeError(EngineError::Code::InvalidArgument,
                     "run " + std::to_string(run.id) +
                         " cannot be exported for Kernel Tuner: " + what);
}

Expected<KernelTunerCache> build(const Spec &spec, const RunRecord &run,
                                 const std::vector<StoredResult> &results, std::size_t sizeIndex,
                                 const std::string &device)
{
    KernelTunerCache out;
    const SizeResults size = collectSizeResults(results, sizeIndex);
    if (auto reason = unexportableReason(size, sizeIndex))
        return sizeError(run, *reason);
    Json cache = Json::object();
    // A run stores one result per configuration and size (ResultStore::save).
    for (const StoredResult *stored : size.recorded)
        cache[cacheKey(stored->config)] = entryOf(spec, *stored);
    out.configurations = cache.size();
    out.failures = size.failures;
    const Json document = {
        {"device_name", device.empty() ? measuringDevice(run, results, sizeIndex) : device},
        {"kernel_name", spec.kernel.entry.empty() ? spec.name : spec.kernel.entry},
        {"problem_size", problemSize(spec, sizeIndex)},
        {"tune_params_keys", tuneParamsKeys(spec)},
        {"tune_params", tuneParams(spec)},
        {"objective", "time"},
        {"cache", std::move(cache)},
    };
    // replace: a name with invalid UTF-8 must not fail the whole export.
    out.text = document.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
    return out;
}

} // namespace

std::string_view kernelTunerFailure(ResultStatus status)
{
    return status == ResultStatus::CompileError ? kerneltuner::kCompilationFailed
                                                : kerneltuner::kRuntimeFailed;
}

Expected<KernelTunerCache> exportKernelTuner(const Spec &spec, const RunRecord &run,
                                             const std::vector<StoredResult> &results,
                                             std::size_t sizeIndex, const std::string &deviceName)
{
    const std::size_t sizes = problemSizeCount(spec);
    if (sizeIndex >= sizes)
        return sizeError(run, "problem size " + std::to_string(sizeIndex) +
                                  " is out of range: its spec has " + std::to_string(sizes) +
                                  " problem size" + (sizes == 1 ? "" : "s") + " (" +
                                  problemSizeList(spec) + ")");
    try {
        return build(spec, run, results, sizeIndex, deviceName);
    } catch (const std::exception &error) {
        return makeError(EngineError::Code::Internal, "cannot export run as a Kernel Tuner cache",
                         error.what());
    }
}

} // namespace tb
