#include "npydtype.h"

namespace tb {

namespace {

// The dtype without its byte order: "f4", "u1".
std::optional<std::string> descrBody(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
        return "i1";
    case ElementType::Int16:
        return "i2";
    case ElementType::Int32:
        return "i4";
    case ElementType::Int64:
        return "i8";
    case ElementType::UInt8:
        return "u1";
    case ElementType::UInt16:
        return "u2";
    case ElementType::UInt32:
        return "u4";
    case ElementType::UInt64:
        return "u8";
    case ElementType::Float16:
        return "f2";
    case ElementType::Float32:
        return "f4";
    case ElementType::Float64:
        return "f8";
    case ElementType::BFloat16:
    case ElementType::Float8E4M3:
    case ElementType::Float8E5M2:
        return std::nullopt;
    }
    return std::nullopt;
}

bool isByteOrder(char c)
{
    return c == '<' || c == '>' || c == '|' || c == '=' || c == '!';
}

} // namespace

std::optional<std::string> npyDescr(ElementType type)
{
    const auto body = descrBody(type);
    if (!body)
        return std::nullopt;
    return std::string(elementSize(type) == 1 ? "|" : "<") + *body;
}

std::optional<std::string> npyDescrMismatch(const std::string &descr, ElementType type)
{
    const auto body = descrBody(type);
    if (!body)
        return std::string("no standard NumPy dtype holds ") + toString(type) +
               ": give a raw little-endian .bin file instead (e.g. array.view(np.uint" +
               std::to_string(elementSize(type) * 8) + ").tofile('data.bin'))";
    const bool ordered = !descr.empty() && isByteOrder(descr.front());
    const std::string fileBody = ordered ? descr.substr(1) : descr;
    const char order = ordered ? descr.front() : '|';
    const std::string wanted = *npyDescr(type);
    if (fileBody != *body)
        return "dtype '" + descr + "' is not " + toString(type) + " ('" + wanted +
               "'): save it with array.astype('" + wanted + "')";
    // '=' is the writer's native order: every host Tunebench runs on is little-endian.
    if ((order == '>' || order == '!') && elementSize(type) > 1)
        return "dtype '" + descr + "' is big-endian: save it little-endian, with array.astype('" +
               wanted + "')";
    return std::nullopt;
}

} // namespace tb
