#include "jsonfields.h"

#include <cmath>
#include <limits>

namespace tb::protocol_detail {

namespace {

std::optional<double> jsonToNumber(const Json &value)
{
    if (value.is_number())
        return value.get<double>();
    if (value.is_string()) {
        const auto &text = value.get_ref<const std::string &>();
        if (text == "nan")
            return std::numeric_limits<double>::quiet_NaN();
        if (text == "inf")
            return std::numeric_limits<double>::infinity();
        if (text == "-inf")
            return -std::numeric_limits<double>::infinity();
    }
    return std::nullopt;
}

} // namespace

Json numberToJson(double value)
{
    if (std::isfinite(value))
        return value;
    if (std::isnan(value))
        return "nan";
    return value > 0 ? "inf" : "-inf";
}

FieldReader::FieldReader(const Json &object, std::string where)
    : m_object(object), m_where(std::move(where))
{}

void FieldReader::fail(ProtocolFault fault, const std::string &specifics)
{
    if (m_error)
        return; // the first problem is the one worth reporting
    const char *what =
        fault == ProtocolFault::MissingField ? "a field is missing" : "a field has the wrong type";
    m_error = makeProtocolError(fault, std::string("protocol error: ") + what, specifics);
}

void FieldReader::adopt(const FieldReader &child)
{
    if (!m_error && child.m_error)
        m_error = child.m_error;
}

const Json *FieldReader::field(const char *name)
{
    const auto it = m_object.find(name);
    if (it == m_object.end()) {
        fail(ProtocolFault::MissingField, "'" + std::string(name) + "' in " + m_where);
        return nullptr;
    }
    return &*it;
}

void FieldReader::wrongType(const char *name, const char *expected)
{
    fail(ProtocolFault::WrongType,
         "'" + std::string(name) + "' in " + m_where + " must be " + expected);
}

std::string FieldReader::text(const char *name)
{
    const Json *value = field(name);
    if (!value)
        return {};
    if (!value->is_string()) {
        wrongType(name, "a string");
        return {};
    }
    return value->get<std::string>();
}

std::int64_t FieldReader::integer(const char *name)
{
    const Json *value = field(name);
    if (!value)
        return 0;
    if (value->is_number_unsigned()) {
        const auto number = value->get<std::uint64_t>();
        if (number <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            return static_cast<std::int64_t>(number);
    } else if (value->is_number_integer()) {
        return value->get<std::int64_t>();
    }
    wrongType(name, "an integer");
    return 0;
}

std::uint64_t FieldReader::unsignedInteger(const char *name)
{
    const Json *value = field(name);
    if (!value)
        return 0;
    if (!value->is_number_unsigned()) {
        wrongType(name, "a non-negative integer");
        return 0;
    }
    return value->get<std::uint64_t>();
}

double FieldReader::number(const char *name)
{
    const Json *value = field(name);
    if (!value)
        return 0;
    const auto number = jsonToNumber(*value);
    if (!number) {
        wrongType(name, "a number");
        return 0;
    }
    return *number;
}

double FieldReader::numberOr(const char *name, double absent)
{
    return m_object.contains(name) ? number(name) : absent;
}

bool FieldReader::boolean(const char *name)
{
    const Json *value = field(name);
    if (!value)
        return false;
    if (!value->is_boolean()) {
        wrongType(name, "a boolean");
        return false;
    }
    return value->get<bool>();
}

std::vector<double> FieldReader::numbers(const char *name)
{
    const Json *value = field(name);
    std::vector<double> result;
    if (!value)
        return result;
    if (!value->is_array()) {
        wrongType(name, "an array of numbers");
        return result;
    }
    result.reserve(value->size());
    for (const auto &element : *value) {
        const auto number = jsonToNumber(element);
        if (!number) {
            wrongType(name, "an array of numbers");
            return {};
        }
        result.push_back(*number);
    }
    return result;
}

std::map<std::string, double> FieldReader::numberMap(const char *name)
{
    const Json *value = field(name);
    std::map<std::string, double> result;
    if (!value)
        return result;
    if (!value->is_object()) {
        wrongType(name, "an object of numbers");
        return result;
    }
    for (const auto &[key, element] : value->items()) {
        const auto number = jsonToNumber(element);
        if (!number) {
            wrongType(name, "an object of numbers");
            return {};
        }
        result.emplace(key, *number);
    }
    return result;
}

const Json *FieldReader::object(const char *name)
{
    const Json *value = field(name);
    if (value && !value->is_object()) {
        wrongType(name, "an object");
        return nullptr;
    }
    return value;
}

const Json *FieldReader::optionalObject(const char *name)
{
    if (m_object.find(name) == m_object.end())
        return nullptr;
    return object(name);
}

} // namespace tb::protocol_detail
