#include "jsonformat.h"

namespace tb {

namespace {

std::string scalar(const Json &value)
{
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string key(const std::string &name)
{
    return scalar(Json(name)) + ": ";
}

// `value` on one line, with a space after every comma and colon.
std::string inlined(const Json &value)
{
    if (value.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < value.size(); ++i)
            out += (i ? ", " : "") + inlined(value[i]);
        return out + "]";
    }
    if (value.is_object()) {
        std::string out = "{";
        bool first = true;
        for (const auto &[name, member] : value.items()) {
            out += (first ? "" : ", ") + key(name) + inlined(member);
            first = false;
        }
        return out + "}";
    }
    return scalar(value);
}

void write(std::string &out, const Json &value, int indent, int used, int width)
{
    const bool container = value.is_array() || value.is_object();
    if (!container || value.empty() ||
        (indent > 0 && used + int(inlined(value).size()) + 1 <= width)) {
        out += inlined(value);
        return;
    }
    const std::string pad(std::size_t(indent + 2), ' ');
    out += value.is_array() ? "[\n" : "{\n";
    std::size_t i = 0;
    for (const auto &[name, member] : value.items()) {
        const std::string prefix = value.is_object() ? key(name) : std::string();
        out += pad + prefix;
        write(out, member, indent + 2, int(pad.size() + prefix.size()), width);
        out += ++i < value.size() ? ",\n" : "\n";
    }
    out += std::string(std::size_t(indent), ' ') + (value.is_array() ? "]" : "}");
}

} // namespace

std::string formatJson(const Json &value, int lineWidth)
{
    std::string out;
    write(out, value, 0, 0, lineWidth);
    return out + "\n";
}

std::string formatJsonAt(const Json &value, int indent, int column, int lineWidth)
{
    std::string out;
    write(out, value, indent, column, lineWidth);
    return out;
}

} // namespace tb
