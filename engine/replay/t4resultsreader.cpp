#include "t4resultsreader.h"

#include "replay/recordedjson.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>
#include <utility>

namespace tb {

using namespace replay_detail;

namespace {

// Seconds per unit, for the spellings T4 writers use. Kernel Tuner writes "miliseconds".
std::optional<double> secondsPerUnit(std::string unit)
{
    std::transform(unit.begin(), unit.end(), unit.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    constexpr std::array<std::pair<std::string_view, double>, 14> kUnits = {{
        {"s", 1.0},
        {"second", 1.0},
        {"seconds", 1.0},
        {"ms", 1e-3},
        {"millisecond", 1e-3},
        {"milliseconds", 1e-3},
        {"miliseconds", 1e-3},
        {"us", 1e-6},
        {"microsecond", 1e-6},
        {"microseconds", 1e-6},
        {"ns", 1e-9},
        {"nanosecond", 1e-9},
        {"nanoseconds", 1e-9},
        {"sec", 1.0},
    }};
    for (const auto &[name, seconds] : kUnits)
        if (name == unit)
            return seconds;
    return std::nullopt;
}

std::string resultName(std::size_t index)
{
    return "results[" + std::to_string(index) + "]";
}

Expected<double> readTimeUnit(const RecordedJson &root, const std::string &path)
{
    const auto metadata = root.find("metadata");
    const RecordedJson *unit = nullptr;
    if (metadata != root.end() && metadata->is_object()) {
        const auto found = metadata->find("timeunit");
        if (found != metadata->end())
            unit = &*found;
    }
    if (!unit)
        return contentError(path, "'metadata.timeunit'",
                            "missing: the file does not say in which unit its times are");
    const auto seconds =
        unit->is_string() ? secondsPerUnit(unit->get<std::string>()) : std::nullopt;
    if (!seconds)
        return contentError(path, "'metadata.timeunit'",
                            shortText(*unit) + " is not a unit of time");
    return *seconds;
}

// Parameter names in the order they first appear, each one's values ascending.
Expected<std::vector<Parameter>> deriveParameters(const RecordedJson &results,
                                                  const std::string &path)
{
    std::vector<Parameter> parameters;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const RecordedJson &result = results[i];
        const auto config = result.is_object() ? result.find("configuration") : result.end();
        if (!result.is_object() || config == result.end() || !config->is_object())
            return contentError(path, resultName(i), "has no 'configuration' object");
        for (const auto &item : config->items()) {
            // Not a structured binding: clang before 16 cannot capture one in the lambda below.
            const std::string &name = item.key();
            const RecordedJson &value = item.value();
            const auto number = numberOf(value);
            if (!number)
                return contentError(path, resultName(i) + ".configuration",
                                    nonNumericParameter(name, value));
            auto parameter = std::find_if(parameters.begin(), parameters.end(),
                                          [&](const Parameter &p) { return p.name == name; });
            if (parameter == parameters.end())
                parameter = parameters.insert(parameters.end(), Parameter{name, {}});
            if (std::find(parameter->values.begin(), parameter->values.end(), *number) ==
                parameter->values.end())
                parameter->values.push_back(*number);
        }
    }
    for (auto &parameter : parameters)
        std::sort(parameter.values.begin(), parameter.values.end());
    return parameters;
}

// A time in the file's unit, in seconds; nullopt when the result does not record it.
Expected<std::optional<double>> optionalTime(const RecordedJson &times, const char *field,
                                             double unit, const std::string &path,
                                             const std::string &where)
{
    const auto it = times.find(field);
    if (it == times.end())
        return std::optional<double>();
    const auto number = numberOf(*it);
    if (!number)
        return contentError(path, where,
                            std::string("'times.") + field + "' is " + shortText(*it) +
                                ", not a number");
    return std::optional<double>(*number * unit);
}

// The mean from the `time` measurement, in its own unit or else the file's; nullopt when there
// is none (or it is not a number: a failed result writes its failure there).
Expected<std::optional<double>> measuredMean(const RecordedJson &result, double fileUnit,
                                             const std::string &path, const std::string &where)
{
    const auto measurements = result.find("measurements");
    if (measurements == result.end())
        return std::optional<double>();
    if (!measurements->is_array())
        return contentError(path, where, "'measurements' is not an array");
    for (const auto &measurement : *measurements) {
        if (!measurement.is_object() || measurement.value("name", RecordedJson()) != "time")
            continue;
        const auto mean = numberOf(measurement.value("value", RecordedJson()));
        if (!mean)
            return std::optional<double>();
        double unit = fileUnit;
        const auto unitText = measurement.value("unit", RecordedJson());
        if (unitText.is_string() && !unitText.get<std::string>().empty()) {
            const auto own = secondsPerUnit(unitText.get<std::string>());
            if (!own)
                return contentError(path, where,
                                    "the 'time' measurement's unit " + shortText(unitText) +
                                        " is not a unit of time");
            unit = *own;
        }
        return std::optional<double>(*mean * unit);
    }
    return std::optional<double>();
}

Expected<RecordedConfiguration> readResult(const RecordedJson &result, std::size_t index,
                                           const std::vector<Parameter> &parameters, double unit,
                                           const std::string &path)
{
    const std::string where = resultName(index);
    RecordedConfiguration recorded;
    // Every key is a derived parameter, so a missing one is the only mismatch there can be.
    const RecordedJson &config = *result.find("configuration"); // checked when derived
    for (const auto &parameter : parameters) {
        const auto value = config.find(parameter.name);
        if (value == config.end())
            return contentError(path, where, "has no value for parameter '" + parameter.name + "'");
        recorded.configuration.values.push_back(*numberOf(*value)); // checked when derived
    }

    const auto invalidity = result.find("invalidity");
    if (invalidity == result.end() || !invalidity->is_string() ||
        invalidity->get<std::string>().empty())
        return contentError(path, where, "has no 'invalidity' text");
    const bool correct = *invalidity == "correct";
    if (!correct)
        recorded.failure = invalidity->get<std::string>();

    const auto times = result.find("times");
    if (times == result.end() || !times->is_object())
        return contentError(path, where, "has no 'times' object");
    auto compile = optionalTime(*times, "compilation", unit, path, where);
    if (compile && !*compile) // the schema's spelling; writers use "compilation"
        compile = optionalTime(*times, "compilation_time", unit, path, where);
    auto verification = optionalTime(*times, "validation", unit, path, where);
    for (const auto *cost : {&compile, &verification})
        if (!*cost)
            return cost->error();
    recorded.compileSeconds = *compile;
    recorded.verificationSeconds = *verification;

    if (const auto runtimes = times->find("runtimes"); runtimes != times->end()) {
        if (!runtimes->is_array())
            return contentError(path, where, "'times.runtimes' is not an array");
        double sum = 0;
        for (std::size_t i = 0; i < runtimes->size(); ++i) {
            const auto sample = numberOf((*runtimes)[i]);
            if (!sample)
                return contentError(path, where,
                                    "'times.runtimes'[" + std::to_string(i) + "] is " +
                                        shortText((*runtimes)[i]) + ", not a number");
            recorded.sampleSeconds.push_back(*sample * unit);
            sum += *sample * unit;
        }
        recorded.benchmarkSeconds = sum;
    }

    if (correct) {
        auto mean = measuredMean(result, unit, path, where);
        if (!mean)
            return mean.error();
        if (!*mean && !recorded.sampleSeconds.empty())
            *mean = *recorded.benchmarkSeconds / static_cast<double>(recorded.sampleSeconds.size());
        if (!*mean)
            return contentError(path, where, "is correct but records no time");
        if (**mean < 0)
            return contentError(path, where, "its time is negative");
        recorded.seconds = **mean;
    }
    return recorded;
}

// The text at metadata.<object>.<field> (environment.device_name) or metadata.<field>
// (kernel_name), else "": T4 keeps the environment in its metadata, and files from the
// Benchmark Hub carry none.
std::string metadataText(const RecordedJson &root, const char *object, const char *field)
{
    const auto metadata = root.find("metadata");
    if (metadata == root.end() || !metadata->is_object())
        return {};
    const RecordedJson *holder = &*metadata;
    if (object) {
        const auto inner = metadata->find(object);
        if (inner == metadata->end() || !inner->is_object())
            return {};
        holder = &*inner;
    }
    const auto text = holder->find(field);
    return text != holder->end() && text->is_string() ? text->get<std::string>() : std::string();
}

// metadata.problem_size as JSON text ({"N":1024}, as Tunebench's export writes it by name), or
// "" where the file has none.
std::string problemSizeOf(const RecordedJson &root)
{
    const auto metadata = root.find("metadata");
    if (metadata == root.end() || !metadata->is_object())
        return {};
    const auto size = metadata->find("problem_size");
    if (size == metadata->end() || size->is_null())
        return {};
    return size->is_string() ? size->get<std::string>() : size->dump();
}

std::string objectiveOf(const RecordedJson &results)
{
    const auto objectives = results.front().find("objectives");
    if (objectives != results.front().end() && objectives->is_array() && !objectives->empty() &&
        objectives->front().is_string())
        return objectives->front().get<std::string>();
    return "time";
}

} // namespace

namespace replay_detail {

Expected<RecordedSpace> t4ResultsFromJson(const RecordedJson &root, const std::string &path)
{
    if (!root.is_object())
        return contentError(path, "", "is not a JSON object");
    const auto results = root.find("results");
    if (results == root.end() || !results->is_array())
        return contentError(path, "'results'", "missing or not an array");
    if (results->empty())
        return contentError(path, "'results'", "records no configuration");
    const auto unit = readTimeUnit(root, path);
    if (!unit)
        return unit.error();

    RecordedSpace space;
    space.format = RecordedFormat::T4;
    space.deviceName = metadataText(root, "environment", "device_name");
    space.kernelName = metadataText(root, nullptr, "kernel_name");
    space.problemSize = problemSizeOf(root);
    auto parameters = deriveParameters(*results, path);
    if (!parameters)
        return parameters.error();
    space.parameters = std::move(*parameters);
    // T4 says nothing of the direction; its objectives are times, which are minimised.
    space.objective = objectiveOf(*results);

    std::vector<std::string> names;
    space.configurations.reserve(results->size());
    names.reserve(results->size());
    for (std::size_t i = 0; i < results->size(); ++i) {
        auto recorded = readResult((*results)[i], i, space.parameters, *unit, path);
        if (!recorded)
            return recorded.error();
        space.configurations.push_back(std::move(*recorded));
        names.push_back(resultName(i));
    }
    if (auto distinct = checkDistinct(space, path, names); !distinct)
        return distinct.error();
    return space;
}

} // namespace replay_detail

Expected<RecordedSpace> readT4Results(const std::string &path)
{
    auto root = loadRecordedJson(path);
    if (!root)
        return root.error();
    return t4ResultsFromJson(*root, path);
}

} // namespace tb
