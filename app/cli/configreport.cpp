#include "configreport.h"

#include "space/variables.h"
#include "textformat.h"

namespace tb {

namespace {

std::string numbersText(const std::map<std::string, double> &values)
{
    std::string text;
    for (const auto &[name, value] : values)
        text += (text.empty() ? "" : ", ") + name + " " + formatNumber(value);
    return text;
}

std::string describe(const Spec &spec, const StoredResult &stored, bool withLog)
{
    const Result &result = stored.result;
    std::string text = "Problem size " + problemSizeLabel(spec, stored.sizeIndex) + ": " +
                       std::string(stateName(result)) +
                       (compiledOnly(result) ? " (compiled, not timed)" : "") + "\n";
    if (!result.message.empty())
        text += "  message:   " + result.message + "\n";
    if (result.summary.count > 0)
        text += "  median:    " + formatSeconds(result.summary.median) + " (min " +
                formatSeconds(result.summary.min) + ", " + std::to_string(result.summary.count) +
                " samples, timer " + result.timer + ")\n";
    if (!result.metrics.empty())
        text += "  metrics:   " + numbersText(result.metrics) + "\n";
    if (!result.resources.empty())
        text += "  resources: " + numbersText(result.resources) + "\n";
    if (withLog)
        text += "  compiler log" + (result.compilerLog.empty()
                                        ? std::string(": (empty)\n")
                                        : std::string(":\n") + result.compilerLog +
                                              (result.compilerLog.ends_with('\n') ? "" : "\n"));
    return text;
}

} // namespace

std::string renderConfigDetails(const Spec &spec, const std::vector<StoredResult> &results,
                                const std::string &configKey, bool withLog)
{
    std::string text;
    for (const auto &stored : results)
        if (stored.configKey == configKey)
            text += describe(spec, stored, withLog);
    return text;
}

} // namespace tb
