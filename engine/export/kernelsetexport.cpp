#include "kernelsetexport.h"

#include "space/variables.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

namespace tb {

namespace {

using nlohmann::json;

// As the JSON export writes numbers: 64, not 64.0; no NaN or infinity in JSON.
json number(double value)
{
    if (!std::isfinite(value))
        return nullptr;
    if (std::nearbyint(value) == value && std::fabs(value) < 9007199254740992.0)
        return static_cast<std::int64_t>(value);
    return value;
}

json named(const std::vector<std::string> &names, const std::vector<double> &values)
{
    json object = json::object();
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
        object[names[i]] = number(values[i]);
    return object;
}

json problemSize(const Spec &spec, std::size_t sizeIndex)
{
    return sizeIndex < spec.sizes.values.size()
               ? named(spec.sizes.names, spec.sizes.values[sizeIndex])
               : json::object();
}

json configuration(const Spec &spec, const Configuration &config)
{
    std::vector<std::string> names;
    for (const Parameter &parameter : spec.parameters)
        names.push_back(parameter.name);
    return named(names, config.values);
}

json sizeEntry(const Spec &spec, const KernelSetSize &size)
{
    json entry = {{"size_index", size.sizeIndex},
                  {"problem_size", problemSize(spec, size.sizeIndex)}};
    if (!size.tuned) {
        entry["kernel"] = nullptr;
        entry["reason"] = "no configuration ran ok with a value of the objective here";
        return entry;
    }
    entry["kernel"] = size.kernel;
    entry["config_key"] = size.assigned.configKey;
    entry["objective"] = number(size.assignedValue);
    entry["median_s"] =
        number(size.assigned.result.summary.count > 0 ? size.assigned.result.summary.median
                                                      : std::nan(""));
    entry["best_config_key"] = size.best.configKey;
    entry["best_objective"] = number(size.bestValue);
    entry["slowdown_pct"] = number(size.slowdown * 100);
    return entry;
}

std::string percent(double fraction)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f%%", fraction * 100);
    return text;
}

} // namespace

std::string exportKernelSetJson(const Spec &spec, const RunRecord &run, const KernelSet &set,
                                const std::string &toolVersion)
{
    json kernels = json::array();
    for (std::size_t k = 0; k < set.kernels.size(); ++k)
        kernels.push_back({{"kernel", k},
                           {"config_key", set.kernels[k].configKey},
                           {"config", configuration(spec, set.kernels[k].config)},
                           {"sizes", set.kernels[k].sizesAssigned}});
    json sizes = json::array();
    for (const KernelSetSize &size : set.sizes)
        sizes.push_back(sizeEntry(spec, size));
    json unmeasured = json::array();
    for (const UnmeasuredPair &pair : set.unmeasured)
        unmeasured.push_back({{"config_key", pair.configKey},
                              {"config", configuration(spec, pair.config)},
                              {"size_index", pair.sizeIndex},
                              {"problem_size", problemSize(spec, pair.sizeIndex)}});
    const json document = {
        {"format", "tunebench-kernelset"},
        {"format_version", kKernelSetFormatVersion},
        {"tool_version", toolVersion},
        {"spec",
         {{"name", spec.name},
          {"objective",
           {{"metric", spec.objective.metric}, {"minimize", spec.objective.minimize}}}}},
        {"run", {{"id", run.id}, {"strategy", run.strategy}, {"device", run.device}}},
        {"max_slowdown_pct", number(set.maxSlowdown * 100)},
        {"method", set.exact ? "exact" : "greedy"},
        {"note", set.note.empty() ? json(nullptr) : json(set.note)},
        {"candidates", set.candidates},
        {"kernel_count", set.kernels.size()},
        {"worst_slowdown_pct", number(set.worstSlowdown() * 100)},
        {"kernels", kernels},
        {"sizes", sizes},
        {"unmeasured_pairs", unmeasured},
        {"could_shrink_to", set.couldShrinkTo ? json(set.couldShrinkTo) : json(nullptr)}};
    return document.dump(2) + "\n";
}

std::string describeKernelSet(const Spec &spec, const KernelSet &set)
{
    std::string text =
        std::to_string(set.kernels.size()) + " configuration" +
        (set.kernels.size() == 1 ? "" : "s") + " for " + std::to_string(set.tunedSizes()) +
        " tuned problem size" + (set.tunedSizes() == 1 ? "" : "s") + ", each within " +
        percent(set.maxSlowdown) + " of its own best (worst " + percent(set.worstSlowdown()) +
        ", " + (set.exact ? "exact" : "greedy") + ")\n";
    if (!set.note.empty())
        text += "note: " + set.note + "\n";
    for (const KernelSetSize &size : set.sizes)
        if (!size.tuned)
            text += "note: problem size " + std::to_string(size.sizeIndex) + " (" +
                    problemSizeLabel(spec, size.sizeIndex) + ") has no ok result: not covered\n";
    if (!set.unmeasured.empty())
        text += "note: " + std::to_string(set.unmeasured.size()) +
                " unmeasured (configuration, size) pairs could shrink the set to " +
                std::to_string(set.couldShrinkTo) +
                " if they ran within the tolerance: the kernelset format lists them, and "
                "export --measure-missing measures them\n";
    return text;
}

} // namespace tb
