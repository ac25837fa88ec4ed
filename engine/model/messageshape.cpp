#include "messageshape.h"

#include <cctype>

namespace tb {

namespace {

// Stands for a number in the skeleton: a byte no message of a compiler or driver contains.
constexpr char kNumberMark = '\x01';

bool isDigit(char c)
{
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool isHexDigit(char c)
{
    return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}

// A digit that starts a number, not one inside a name: "sm_90", "_Z6kernelPf" and "float4"
// keep theirs, since they name the same thing in every message. (A digit after a digit is
// inside a name too: a number's digits are taken whole.)
bool startsNumber(std::string_view text, std::size_t at)
{
    if (!isDigit(text[at]))
        return false;
    if (at == 0)
        return true;
    const char before = text[at - 1];
    return !(std::isalnum(static_cast<unsigned char>(before)) || before == '_');
}

// The end of the number that starts at `at`: 0x-prefixed hex (an address), or decimal digits
// with a fraction.
std::size_t numberEnd(std::string_view text, std::size_t at)
{
    std::size_t end = at;
    if (text.substr(at, 2) == "0x" && at + 2 < text.size() && isHexDigit(text[at + 2])) {
        end = at + 2;
        while (end < text.size() && isHexDigit(text[end]))
            ++end;
        return end;
    }
    while (end < text.size() && isDigit(text[end]))
        ++end;
    if (end + 1 < text.size() && text[end] == '.' && isDigit(text[end + 1])) {
        ++end;
        while (end < text.size() && isDigit(text[end]))
            ++end;
    }
    return end;
}

} // namespace

MessageShape::MessageShape(std::string_view message)
{
    const std::string_view line = message.substr(0, message.find('\n'));
    std::size_t i = 0;
    while (i < line.size()) {
        if (!startsNumber(line, i)) {
            m_skeleton += line[i++];
            continue;
        }
        const std::size_t end = numberEnd(line, i);
        m_numbers.emplace_back(line.substr(i, end - i));
        m_skeleton += kNumberMark;
        i = end;
    }
}

void MessageShape::mergeNumbers(const MessageShape &other)
{
    if (other.m_skeleton != m_skeleton)
        return;
    for (std::size_t i = 0; i < m_numbers.size(); ++i)
        if (m_numbers[i] != other.m_numbers[i])
            m_numbers[i] = "N";
}

std::string MessageShape::text() const
{
    std::string text;
    std::size_t number = 0;
    for (const char c : m_skeleton) {
        if (c == kNumberMark)
            text += m_numbers[number++];
        else
            text += c;
    }
    return text;
}

} // namespace tb
