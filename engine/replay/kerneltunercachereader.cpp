#include "kerneltunercachereader.h"

#include "export/kerneltunerformat.h"
#include "replay/recordedjson.h"

#include <algorithm>
#include <string_view>

namespace tb {

using namespace replay_detail;

namespace {

constexpr double kSecondsPerMillisecond = 1 / kerneltuner::kMillisecondsPerSecond;

// What Kernel Tuner writes in place of a time when a configuration did not run (its
// ErrorConfig and subclasses; the list is shared with the exporter that writes them).
bool isFailureText(std::string_view text)
{
    return kerneltuner::isFailureName(text);
}

std::string entryName(const std::string &key)
{
    return "cache entry '" + key + "'";
}

Expected<std::string> optionalText(const RecordedJson &root, const char *field,
                                   const std::string &path)
{
    const auto it = root.find(field);
    if (it == root.end())
        return std::string();
    if (!it->is_string())
        return contentError(path, std::string("'") + field + "'",
                            "is " + shortText(*it) + ", not a string");
    return it->get<std::string>();
}

Expected<std::vector<Parameter>> readParameters(const RecordedJson &root, const std::string &path)
{
    const auto keys = root.find("tune_params_keys");
    if (keys == root.end() || !keys->is_array())
        return contentError(path, "'tune_params_keys'", "missing or not an array of names");
    const auto lists = root.find("tune_params");
    if (lists == root.end() || !lists->is_object())
        return contentError(path, "'tune_params'", "missing or not an object");

    std::vector<Parameter> parameters;
    for (const auto &key : *keys) {
        if (!key.is_string())
            return contentError(path, "'tune_params_keys'",
                                "holds " + shortText(key) + ", not a parameter name");
        Parameter parameter{key.get<std::string>(), {}};
        const std::string where = "'tune_params' of '" + parameter.name + "'";
        const auto list = lists->find(parameter.name);
        if (list == lists->end() || !list->is_array() || list->empty())
            return contentError(path, where, "missing or not a non-empty array of values");
        for (const auto &value : *list) {
            const auto number = numberOf(value);
            if (!number)
                return contentError(path, where, nonNumericParameter(parameter.name, value));
            if (std::find(parameter.values.begin(), parameter.values.end(), *number) !=
                parameter.values.end())
                return contentError(path, where, "lists " + shortText(value) + " twice");
            parameter.values.push_back(*number);
        }
        parameters.push_back(std::move(parameter));
    }
    return parameters;
}

// A cost field in ms, in seconds; nullopt when the entry does not record it.
// "restrictions": a list of Python conditions, or one; absent where the tuning had none.
std::vector<std::string> readRestrictions(const RecordedJson &root)
{
    std::vector<std::string> restrictions;
    const auto found = root.find("restrictions");
    if (found == root.end() || found->is_null())
        return restrictions;
    const auto text = [](const RecordedJson &value) {
        return value.is_string() ? value.get<std::string>() : value.dump();
    };
    if (!found->is_array())
        restrictions.push_back(text(*found));
    else
        for (const auto &restriction : *found)
            restrictions.push_back(text(restriction));
    return restrictions;
}

Expected<std::optional<double>> optionalCost(const RecordedJson &entry, const char *field,
                                             const std::string &path, const std::string &where)
{
    const auto it = entry.find(field);
    if (it == entry.end())
        return std::optional<double>();
    const auto number = numberOf(*it);
    if (!number)
        return contentError(path, where,
                            std::string("'") + field + "' is " + shortText(*it) + ", not a number");
    return std::optional<double>(*number * kSecondsPerMillisecond);
}

Expected<RecordedConfiguration> readEntry(const RecordedJson &entry, const std::string &key,
                                          const std::vector<Parameter> &parameters,
                                          const std::string &path)
{
    const std::string where = entryName(key);
    if (!entry.is_object())
        return contentError(path, where, "is not an object");

    RecordedConfiguration recorded;
    for (const auto &parameter : parameters) {
        const auto value = entry.find(parameter.name);
        if (value == entry.end())
            return contentError(path, where, "has no value for parameter '" + parameter.name + "'");
        const auto number = numberOf(*value);
        if (!number)
            return contentError(path, where, nonNumericParameter(parameter.name, *value));
        if (std::find(parameter.values.begin(), parameter.values.end(), *number) ==
            parameter.values.end())
            return contentError(path, where,
                                "parameter '" + parameter.name + "' has the value " +
                                    shortText(*value) + ", which 'tune_params' does not list");
        recorded.configuration.values.push_back(*number);
    }

    const auto time = entry.find("time");
    if (time == entry.end())
        return contentError(path, where, "has no 'time'");
    if (const auto mean = numberOf(*time)) {
        if (*mean < 0)
            return contentError(path, where, "'time' is negative: " + shortText(*time));
        recorded.seconds = *mean * kSecondsPerMillisecond;
    } else if (time->is_string() && isFailureText(time->get<std::string>())) {
        recorded.failure = time->get<std::string>();
    } else {
        return contentError(path, where,
                            "'time' is neither a number nor a failure string: " + shortText(*time));
    }

    if (const auto times = entry.find("times"); times != entry.end()) {
        if (!times->is_array())
            return contentError(path, where, "'times' is not an array");
        for (std::size_t i = 0; i < times->size(); ++i) {
            const auto sample = numberOf((*times)[i]);
            if (!sample)
                return contentError(path, where,
                                    "'times'[" + std::to_string(i) + "] is " +
                                        shortText((*times)[i]) + ", not a number");
            recorded.sampleSeconds.push_back(*sample * kSecondsPerMillisecond);
        }
    }

    auto compile = optionalCost(entry, "compile_time", path, where);
    auto verification = optionalCost(entry, "verification_time", path, where);
    auto benchmark = optionalCost(entry, "benchmark_time", path, where);
    for (const auto *cost : {&compile, &verification, &benchmark})
        if (!*cost)
            return cost->error();
    recorded.compileSeconds = *compile;
    recorded.verificationSeconds = *verification;
    recorded.benchmarkSeconds = *benchmark;
    return recorded;
}

} // namespace

namespace replay_detail {

Expected<RecordedSpace> kernelTunerCacheFromJson(const RecordedJson &root, const std::string &path)
{
    if (!root.is_object())
        return contentError(path, "", "is not a JSON object");
    RecordedSpace space;
    space.format = RecordedFormat::KernelTunerCache;

    auto device = optionalText(root, "device_name", path);
    auto kernel = optionalText(root, "kernel_name", path);
    auto objective = optionalText(root, "objective", path);
    for (const auto *text : {&device, &kernel, &objective})
        if (!*text)
            return text->error();
    space.deviceName = *device;
    space.kernelName = *kernel;
    if (!objective->empty())
        space.objective = *objective;
    if (const auto size = root.find("problem_size"); size != root.end())
        space.problemSize = size->is_string() ? size->get<std::string>() : size->dump();
    if (const auto higher = root.find("objective_higher_is_better"); higher != root.end()) {
        if (!higher->is_boolean())
            return contentError(path, "'objective_higher_is_better'", "is not true or false");
        space.objectiveMinimised = !higher->get<bool>();
    }

    auto parameters = readParameters(root, path);
    if (!parameters)
        return parameters.error();
    space.parameters = std::move(*parameters);
    space.restrictions = readRestrictions(root);

    const auto cache = root.find("cache");
    if (cache == root.end() || !cache->is_object())
        return contentError(path, "'cache'", "missing or not an object");
    if (cache->empty())
        return contentError(path, "'cache'", "records no configuration");
    std::vector<std::string> names;
    space.configurations.reserve(cache->size());
    names.reserve(cache->size());
    for (const auto &[key, entry] : cache->items()) {
        auto recorded = readEntry(entry, key, space.parameters, path);
        if (!recorded)
            return recorded.error();
        space.configurations.push_back(std::move(*recorded));
        names.push_back(entryName(key));
    }
    if (auto distinct = checkDistinct(space, path, names); !distinct)
        return distinct.error();
    return space;
}

} // namespace replay_detail

Expected<RecordedSpace> readKernelTunerCache(const std::string &path)
{
    auto root = loadRecordedJson(path);
    if (!root)
        return root.error();
    return kernelTunerCacheFromJson(*root, path);
}

} // namespace tb
