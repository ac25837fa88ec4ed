#include "jsoncolumns.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

namespace tb {

namespace {

using nlohmann::json;

json toJson(double value)
{
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    // Below 2^53 every whole double is exactly an int64 and back.
    if (std::nearbyint(value) == value && std::fabs(value) < 9007199254740992.0)
        return static_cast<std::int64_t>(value);
    return value;
}

bool fromJson(const json &value, double &out)
{
    if (value.is_number()) {
        out = value.get<double>();
        return true;
    }
    if (!value.is_string())
        return false;
    const auto &text = value.get_ref<const std::string &>();
    if (text == "nan")
        out = std::numeric_limits<double>::quiet_NaN();
    else if (text == "inf")
        out = std::numeric_limits<double>::infinity();
    else if (text == "-inf")
        out = -std::numeric_limits<double>::infinity();
    else
        return false;
    return true;
}

std::string dump(const json &value)
{
    // replace: a name with invalid UTF-8 must not throw out of a save.
    return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

EngineError badColumn(const std::string &what, const std::string &text)
{
    return makeError(EngineError::Code::StoreError, "cannot read " + what + " from the workspace",
                     "unexpected JSON: " + text.substr(0, 200));
}

} // namespace

std::string valuesToJson(const std::vector<double> &values)
{
    json array = json::array();
    for (double value : values)
        array.push_back(toJson(value));
    return dump(array);
}

Expected<std::vector<double>> valuesFromJson(const std::string &text)
{
    const json array = json::parse(text, nullptr, false);
    if (!array.is_array())
        return badColumn("configuration values", text);
    std::vector<double> values;
    values.reserve(array.size());
    for (const auto &item : array) {
        double value = 0;
        if (!fromJson(item, value))
            return badColumn("configuration values", text);
        values.push_back(value);
    }
    return values;
}

std::string numberMapToJson(const std::map<std::string, double> &map)
{
    json object = json::object();
    for (const auto &[name, value] : map)
        object[name] = toJson(value);
    return dump(object);
}

Expected<std::map<std::string, double>> numberMapFromJson(const std::string &text)
{
    const json object = json::parse(text, nullptr, false);
    if (!object.is_object())
        return badColumn("named figures", text);
    std::map<std::string, double> map;
    for (const auto &[name, item] : object.items()) {
        double value = 0;
        if (!fromJson(item, value))
            return badColumn("named figures", text);
        map.emplace(name, value);
    }
    return map;
}

} // namespace tb
