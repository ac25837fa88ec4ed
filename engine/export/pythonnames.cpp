#include "pythonnames.h"

#include <cstdio>

namespace tb {

namespace {

bool isContinuation(unsigned char byte)
{
    return (byte & 0xC0) == 0x80;
}

// The code point of the UTF-8 sequence at `at` and its length, or length 0 where the bytes are
// not valid UTF-8 (overlong forms, surrogates and values above U+10FFFF included).
struct Decoded
{
    char32_t codePoint = 0;
    std::size_t length = 0;
};

Decoded decodeUtf8(std::string_view text, std::size_t at)
{
    const auto lead = static_cast<unsigned char>(text[at]);
    std::size_t length = 0;
    char32_t codePoint = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        codePoint = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        codePoint = lead & 0x0F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        codePoint = lead & 0x07;
    } else {
        return {};
    }
    if (at + length > text.size())
        return {};
    for (std::size_t i = 1; i < length; ++i) {
        const auto byte = static_cast<unsigned char>(text[at + i]);
        if (!isContinuation(byte))
            return {};
        codePoint = (codePoint << 6) | (byte & 0x3F);
    }
    const char32_t smallest = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (codePoint < smallest || codePoint > 0x10FFFF ||
        (codePoint >= 0xD800 && codePoint <= 0xDFFF))
        return {};
    return {codePoint, length};
}

std::string escaped(const char *format, unsigned value)
{
    char text[12];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

} // namespace

std::string pythonCommentText(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte == '"' || byte == '\\') {
            out += '\\';
            out += text[i++];
        } else if (byte >= 0x20 && byte < 0x7f) {
            out += text[i++];
        } else if (byte < 0x80) {
            out += escaped("\\x%02x", byte);
            ++i;
        } else if (const Decoded decoded = decodeUtf8(text, i); decoded.length > 0) {
            const auto codePoint = static_cast<unsigned>(decoded.codePoint);
            out +=
                codePoint <= 0xFFFF ? escaped("\\u%04x", codePoint) : escaped("\\U%08x", codePoint);
            i += decoded.length;
        } else {
            out += escaped("\\udc%02x", byte);
            ++i;
        }
    }
    return out;
}

std::string pythonStringLiteral(std::string_view text)
{
    return "\"" + pythonCommentText(text) + "\"";
}

} // namespace tb
