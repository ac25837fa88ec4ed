#include "tritonconfigexport.h"

#include "analysis/bestpersize.h"
#include "model/tritonkernel.h"
#include "pythonnames.h"
#include "space/variables.h"
#include "storage/store.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tb {

namespace {

// A size a configuration wins, and its result there.
struct Win
{
    std::size_t sizeIndex = 0;
    StoredResult result;
};

// One triton.Config of the list: a configuration and every size it is the best of.
struct Entry
{
    std::string configKey;
    Configuration config;
    std::vector<Win> wins;
};

// The winners grouped by configuration, in the order of the first size each wins: the same
// best at several sizes is one entry, since autotune would only measure it twice.
std::vector<Entry> entriesOf(const Spec &spec, const std::vector<StoredResult> &results)
{
    std::vector<Entry> entries;
    const auto winners = bestPerSize(spec, results);
    for (std::size_t i = 0; i < winners.size(); ++i) {
        if (!winners[i])
            continue;
        const StoredResult &winner = *winners[i];
        auto same = [&winner](const Entry &entry) { return entry.configKey == winner.configKey; };
        auto found = std::find_if(entries.begin(), entries.end(), same);
        if (found == entries.end())
            found = entries.insert(entries.end(), {winner.configKey, winner.config, {}});
        found->wins.push_back({i, winner});
    }
    return entries;
}

// 64, not 64.0, for a whole value (Triton's launch options must be ints, and a constexpr's
// type follows the value); else the shortest text that reads back as the same double.
std::string pythonNumber(double value)
{
    if (std::isnan(value))
        return "float(\"nan\")";
    if (std::isinf(value))
        return value > 0 ? "float(\"inf\")" : "float(\"-inf\")";
    char text[400];
    if (std::nearbyint(value) == value) { // Python's ints hold any whole double exactly
        std::snprintf(text, sizeof text, "%.0f", value);
        return text;
    }
    for (int precision = 1; precision <= 17; ++precision) {
        std::snprintf(text, sizeof text, "%.*g", precision, value);
        if (std::strtod(text, nullptr) == value)
            break;
    }
    std::string number = text;
    if (number.find_first_of(".e") == std::string::npos)
        number += ".0";
    return number;
}

// "triton.Config({"BLOCK_M": 128}, num_warps=8, num_stages=3)": the launch options in
// triton.Config's own order, those the spec does not tune left to Triton's defaults, which are
// the ones the run measured with.
std::string configCall(const Spec &spec, const Configuration &config)
{
    std::string kwargs, options;
    const auto value = [&config](std::size_t i) {
        return pythonNumber(i < config.values.size() ? config.values[i] : 0.0);
    };
    for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
        const std::string &name = spec.parameters[i].name;
        if (!isTritonLaunchOption(name))
            kwargs += (kwargs.empty() ? "" : ", ") + pythonStringLiteral(name) + ": " + value(i);
    }
    for (std::string_view option : kTritonLaunchOptions)
        for (std::size_t i = 0; i < spec.parameters.size(); ++i)
            if (spec.parameters[i].name == option)
                options += ", " + std::string(option) + "=" + value(i);
    return "triton.Config({" + kwargs + "}" + options + ")";
}

std::string formatted(const char *format, double value)
{
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

// "M=4096,N=4096: median 0.247 ms, objective TFLOP/s 557.3".
std::string winComment(const Spec &spec, const Win &win)
{
    const std::string label = problemSizeLabel(spec, win.sizeIndex);
    std::string text = "    # " +
                       (label.empty() ? "problem size " + std::to_string(win.sizeIndex)
                                      : pythonCommentText(label)) +
                       ": median " + formatted("%.4g", win.result.result.summary.median * 1e3) +
                       " ms";
    if (spec.objective.metric != "time")
        text += ", objective " + pythonCommentText(spec.objective.metric) + " " +
                formatted("%.4g", objectiveValue(spec, win.result.result));
    return text + "\n";
}

// The GPU the winners' results name; the run's device (its backend) where none does.
std::string deviceOf(const RunRecord &run, const std::vector<Entry> &entries)
{
    for (const Entry &entry : entries)
        for (const Win &win : entry.wins)
            if (!win.result.result.device.empty())
                return win.result.result.device;
    return run.device;
}

bool isPythonIdentifier(const std::string &name)
{
    if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
        return false;
    for (char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return true;
}

// "matmul_kernel_configs": named after the kernel, so the lists of several kernels can share a
// module; a name Python cannot take falls back to "tuned_configs".
std::string listName(const Spec &spec)
{
    return (isPythonIdentifier(spec.kernel.entry) ? spec.kernel.entry : "tuned") + "_configs";
}

std::string headerComment(const Spec &spec, const RunRecord &run, const std::string &device,
                          const std::string &toolVersion)
{
    const std::string runId = std::to_string(run.id);
    return "# Best configurations of spec " + pythonStringLiteral(spec.name) + ", tuned by run " +
           runId + ", as triton.Config.\n# Generated by `tunebench-cli export " + runId +
           " --format triton` (Tunebench " + pythonStringLiteral(toolVersion) +
           ").\n#\n# Measured on:\n#   device:             " + pythonStringLiteral(device) +
           "\n#   Tunebench version:  " + pythonStringLiteral(run.toolVersion) +
           "\n#   kernel source hash: " +
           pythonStringLiteral(Store::contentHash(spec.kernel.code)) +
           "\n#   spec hash:          " + pythonStringLiteral(Store::contentHash(spec.document)) +
           "\n#   run started:        " + pythonStringLiteral(run.startedAt) +
           "\n#   run finished:       " + pythonStringLiteral(run.finishedAt) +
           "\n#\n"
           "# One triton.Config per configuration that is the best of a problem size, under the\n"
           "# spec's objective; the comment above it names those sizes and its median time.\n"
           "# Paste it into the kernel's decorator:\n"
           "#   @triton.autotune(configs=" +
           listName(spec) + ", key=[...])\n";
}

std::string configList(const Spec &spec, const std::vector<Entry> &entries)
{
    std::string text = listName(spec) + " = [\n";
    for (const Entry &entry : entries) {
        for (const Win &win : entry.wins)
            text += winComment(spec, win);
        text += "    " + configCall(spec, entry.config) + ",\n";
    }
    return text + "]\n";
}

} // namespace

Expected<std::string> exportTritonConfigs(const Spec &spec, const RunRecord &run,
                                          const std::vector<StoredResult> &results,
                                          const std::string &toolVersion)
{
    const std::string runId = std::to_string(run.id);
    if (!isTritonKernel(spec.kernel))
        return makeError(EngineError::Code::InvalidArgument,
                         "export --format triton needs a run of a Triton kernel (language "
                         "triton); run " +
                             runId + " is a " + toString(spec.backend) + " spec of language " +
                             spec.kernel.language,
                         "--format json, csv and cpp export a run of any kernel");
    const std::vector<Entry> entries = entriesOf(spec, results);
    if (entries.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         "run " + runId +
                             " has no successful configuration to export as triton.Config",
                         "`show " + runId + " --all` lists its results");
    return headerComment(spec, run, deviceOf(run, entries), toolVersion) + "import triton\n\n" +
           configList(spec, entries);
}

} // namespace tb
