#include "capturedscalartext.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace tb {

bool isIntegerType(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
    case ElementType::Int16:
    case ElementType::Int32:
    case ElementType::Int64:
    case ElementType::UInt8:
    case ElementType::UInt16:
    case ElementType::UInt32:
    case ElementType::UInt64:
        return true;
    default:
        return false;
    }
}

std::string numberText(double value, ElementType type)
{
    char buffer[64];
    if (isIntegerType(type) && std::abs(value) < 9.2e18)
        return std::to_string(static_cast<long long>(value));
    // A double beyond float's range is no float32 value: converting it would be undefined.
    const bool asFloat =
        type == ElementType::Float32 && std::abs(value) <= std::numeric_limits<float>::max();
    const auto end = asFloat
                         ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(value))
                         : std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, end.ptr);
}

std::uint64_t littleEndianValue(const std::string &hex)
{
    std::uint64_t value = 0;
    for (std::size_t byte = hex.size() / 2; byte-- > 0;)
        value = (value << 8) | std::stoull(hex.substr(2 * byte, 2), nullptr, 16);
    return value;
}

std::optional<ElementType> unsignedTypeOfSize(std::uint64_t bytes)
{
    switch (bytes) {
    case 1:
        return ElementType::UInt8;
    case 2:
        return ElementType::UInt16;
    case 4:
        return ElementType::UInt32;
    case 8:
        return ElementType::UInt64;
    default:
        return std::nullopt;
    }
}

} // namespace tb
