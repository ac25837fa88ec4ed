#include "jsonspans.h"

#include <nlohmann/json.hpp>

namespace tb {

namespace {

// A recursive-descent walk that only records positions: the values themselves are parsed by
// nlohmann (keys are decoded by it too), so escapes and numbers follow one implementation.
class SpanScanner
{
public:
    explicit SpanScanner(std::string_view text) : m_text(text) {}

    std::optional<JsonSpan> document()
    {
        JsonSpan span;
        if (!value(span, 0))
            return std::nullopt;
        skipSpace();
        if (m_at != m_text.size())
            return std::nullopt;
        return span;
    }

private:
    // Deeper than any spec; keeps a hostile file from exhausting the stack.
    static constexpr int kMaxDepth = 512;

    bool value(JsonSpan &span, int depth)
    {
        if (depth > kMaxDepth)
            return false;
        skipSpace();
        if (m_at >= m_text.size())
            return false;
        span.begin = m_at;
        bool parsed = false;
        switch (m_text[m_at]) {
        case '{':
            span.kind = JsonSpan::Kind::Object;
            parsed = object(span, depth);
            break;
        case '[':
            span.kind = JsonSpan::Kind::Array;
            parsed = array(span, depth);
            break;
        case '"':
            parsed = string();
            break;
        default:
            parsed = bareWord();
        }
        span.end = m_at;
        return parsed;
    }

    bool object(JsonSpan &span, int depth)
    {
        ++m_at; // '{'
        skipSpace();
        if (consume('}'))
            return true;
        for (;;) {
            skipSpace();
            JsonSpan::Member member;
            member.keyBegin = m_at;
            if (m_at >= m_text.size() || m_text[m_at] != '"' || !string())
                return false;
            auto key = nlohmann::json::parse(m_text.substr(member.keyBegin, m_at - member.keyBegin),
                                             nullptr, false);
            if (!key.is_string())
                return false;
            member.key = key.get<std::string>();
            skipSpace();
            if (!consume(':') || !value(member.value, depth + 1))
                return false;
            span.members.push_back(std::move(member));
            skipSpace();
            if (consume('}'))
                return true;
            if (!consume(','))
                return false;
        }
    }

    bool array(JsonSpan &span, int depth)
    {
        ++m_at; // '['
        skipSpace();
        if (consume(']'))
            return true;
        for (;;) {
            JsonSpan element;
            if (!value(element, depth + 1))
                return false;
            span.elements.push_back(std::move(element));
            skipSpace();
            if (consume(']'))
                return true;
            if (!consume(','))
                return false;
        }
    }

    bool string()
    {
        ++m_at; // the opening quote
        while (m_at < m_text.size()) {
            const char c = m_text[m_at++];
            if (c == '\\')
                ++m_at;
            else if (c == '"')
                return m_at <= m_text.size();
        }
        return false;
    }

    // A number, true, false or null: up to the next delimiter.
    bool bareWord()
    {
        const std::size_t start = m_at;
        while (m_at < m_text.size() && !isDelimiter(m_text[m_at]))
            ++m_at;
        return m_at > start;
    }

    static bool isDelimiter(char c)
    {
        return c == ',' || c == ']' || c == '}' || c == ':' || isSpace(c);
    }
    static bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

    void skipSpace()
    {
        while (m_at < m_text.size() && isSpace(m_text[m_at]))
            ++m_at;
    }

    bool consume(char c)
    {
        if (m_at < m_text.size() && m_text[m_at] == c) {
            ++m_at;
            return true;
        }
        return false;
    }

    std::string_view m_text;
    std::size_t m_at = 0;
};

} // namespace

std::optional<JsonSpan> scanJsonSpans(std::string_view text)
{
    return SpanScanner(text).document();
}

} // namespace tb
