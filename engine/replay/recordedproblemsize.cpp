#include "recordedproblemsize.h"

#include <nlohmann/json.hpp>

namespace tb {

namespace {

using Json = nlohmann::ordered_json;

EngineError sizeError(const std::string &path, const std::string &text)
{
    return makeError(EngineError::Code::InvalidArgument,
                     path + ": 'problem_size' " + text +
                         " is not a number, an array of numbers or an object of numbers");
}

bool isNumber(const Json &value)
{
    return value.is_number();
}

} // namespace

Expected<std::optional<RecordedProblemSize>> parseRecordedProblemSize(const std::string &text,
                                                                      const std::string &path)
{
    if (text.empty())
        return std::optional<RecordedProblemSize>();
    const Json size = Json::parse(text, nullptr, false);
    RecordedProblemSize parsed;
    if (isNumber(size)) {
        parsed.values.push_back(size.get<double>());
    } else if (size.is_array()) {
        for (const Json &value : size) {
            if (!isNumber(value))
                return sizeError(path, text);
            parsed.values.push_back(value.get<double>());
        }
    } else if (size.is_object()) {
        for (const auto &item : size.items()) {
            if (!isNumber(item.value()))
                return sizeError(path, text);
            parsed.names.push_back(item.key());
            parsed.values.push_back(item.value().get<double>());
        }
    } else {
        return sizeError(path, text); // also what does not parse as JSON ("4096x4096")
    }
    return std::optional<RecordedProblemSize>(std::move(parsed));
}

} // namespace tb
