#include "manifestfields.h"

#include <limits>

namespace tb::manifestfields {

[[noreturn]] void refuse(const std::string &path, const std::string &what)
{
    throw ManifestProblem{path, what};
}

std::string typeName(const json &value)
{
    return value.is_number_float() ? "a real number" : std::string(value.type_name());
}

std::string member(const std::string &path, const char *key)
{
    return path.empty() ? std::string(key) : path + "." + key;
}

std::string element(const std::string &path, std::size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

const json &field(const json &object, const std::string &path, const char *key)
{
    const auto found = object.find(key);
    if (found == object.end())
        refuse(member(path, key), "missing");
    return *found;
}

const json &objectAt(const json &value, const std::string &path)
{
    if (!value.is_object())
        refuse(path, "expected an object, got " + typeName(value));
    return value;
}

const json &arrayAt(const json &value, const std::string &path)
{
    if (!value.is_array())
        refuse(path, "expected an array, got " + typeName(value));
    return value;
}

std::string stringAt(const json &value, const std::string &path)
{
    if (!value.is_string())
        refuse(path, "expected a string, got " + typeName(value));
    return value.get<std::string>();
}

std::string nonEmptyStringAt(const json &value, const std::string &path)
{
    std::string text = stringAt(value, path);
    if (text.empty())
        refuse(path, "expected a non-empty string");
    return text;
}

bool boolAt(const json &value, const std::string &path)
{
    if (!value.is_boolean())
        refuse(path, "expected true or false, got " + typeName(value));
    return value.get<bool>();
}

std::uint64_t countAt(const json &value, const std::string &path, std::uint64_t limit)
{
    if (!value.is_number_unsigned() &&
        !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
        refuse(path, "expected a whole number >= 0, got " + typeName(value));
    const auto number = value.get<std::uint64_t>();
    if (number > limit)
        refuse(path, std::to_string(number) + " is beyond the limit of " + std::to_string(limit));
    return number;
}

int intAt(const json &value, const std::string &path)
{
    if (!value.is_number_integer())
        refuse(path, "expected a whole number, got " + typeName(value));
    const bool tooLarge =
        value.is_number_unsigned() &&
        value.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<int>::max());
    const auto number = tooLarge ? std::int64_t(0) : value.get<std::int64_t>();
    if (tooLarge || number < std::numeric_limits<int>::min() ||
        number > std::numeric_limits<int>::max())
        refuse(path, value.dump() + " is not a 32-bit exit code");
    return static_cast<int>(number);
}

std::vector<std::string> stringsAt(const json &value, const std::string &path)
{
    std::vector<std::string> strings;
    for (std::size_t i = 0; i < arrayAt(value, path).size(); ++i)
        strings.push_back(stringAt(value[i], element(path, i)));
    return strings;
}

std::optional<ElementType> elementTypeAt(const json &value, const std::string &path)
{
    if (value.is_null())
        return std::nullopt;
    const std::string name = stringAt(value, path);
    std::string known;
    for (ElementType type : allElementTypes()) {
        if (name == toString(type))
            return type;
        known += std::string(known.empty() ? "" : ", ") + toString(type);
    }
    refuse(path, "unknown type '" + name + "' (known: null, " + known + ")");
}

std::array<std::uint32_t, 3> extentsAt(const json &value, const std::string &path,
                                       std::uint32_t limit)
{
    if (arrayAt(value, path).size() != 3)
        refuse(path, "expected 3 numbers, got " + std::to_string(value.size()));
    std::array<std::uint32_t, 3> extents{};
    for (std::size_t i = 0; i < 3; ++i) {
        extents[i] = static_cast<std::uint32_t>(countAt(value[i], element(path, i), limit));
        if (extents[i] == 0)
            refuse(element(path, i), "expected at least 1");
    }
    return extents;
}

} // namespace tb::manifestfields
