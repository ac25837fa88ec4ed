#include "strictjson.h"

#include <cstddef>
#include <iterator>
#include <unordered_map>
#include <utility>

namespace tb {

namespace {

// Walks the text for the parser and counts the lines it has passed, so that the parser's
// callback knows the line of what it just read (nlohmann tells positions only in errors).
class LineCountingIterator
{
public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char *;
    using reference = const char &;

    LineCountingIterator(const char *at, std::size_t *line) : m_at(at), m_line(line) {}

    reference operator*() const { return *m_at; }
    LineCountingIterator &operator++()
    {
        if (*m_at == '\n')
            ++*m_line;
        ++m_at;
        return *this;
    }
    LineCountingIterator operator++(int)
    {
        LineCountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const LineCountingIterator &other) const { return m_at == other.m_at; }

private:
    const char *m_at;
    std::size_t *m_line;
};

// One object or array being parsed: its JSON pointer and what has been seen in it.
struct Container
{
    bool isObject = false;
    std::string pointer;
    std::unordered_map<std::string, std::size_t> keyLines; // objects: each key's first line
    std::string lastKey;                                   // objects: the key being read
    std::size_t elements = 0;                              // arrays: elements so far
};

class DuplicateKeyFinder
{
public:
    DuplicateKeyFinder(const std::size_t &line, std::vector<SpecIssue> &issues)
        : m_line(line), m_issues(issues)
    {}

    bool onEvent(Json::parse_event_t event, const Json &parsed)
    {
        using Event = Json::parse_event_t;
        switch (event) {
        case Event::object_start:
        case Event::array_start: {
            Container opened;
            opened.pointer = childPointer(); // before the push: its parent's child
            opened.isObject = event == Event::object_start;
            m_open.push_back(std::move(opened));
        } break;
        case Event::object_end:
        case Event::array_end:
            m_open.pop_back();
            break;
        case Event::key:
            onKey(parsed.get<std::string>());
            break;
        case Event::value:
            childPointer(); // counts an array's element
            break;
        }
        return true; // keep everything: the document is parsed as usual
    }

private:
    // The pointer of the value starting now, inside the innermost open container.
    std::string childPointer()
    {
        if (m_open.empty())
            return "";
        Container &parent = m_open.back();
        if (parent.isObject)
            return JsonReader::child(parent.pointer, parent.lastKey);
        return JsonReader::child(parent.pointer, parent.elements++);
    }

    void onKey(const std::string &key)
    {
        Container &object = m_open.back();
        object.lastKey = key;
        const auto [first, isNew] = object.keyLines.emplace(key, m_line);
        if (!isNew)
            m_issues.push_back({JsonReader::child(object.pointer, key),
                                "duplicate key '" + key + "' at line " + std::to_string(m_line) +
                                    " (first at line " + std::to_string(first->second) +
                                    "): remove one"});
    }

    const std::size_t &m_line;
    std::vector<SpecIssue> &m_issues;
    std::vector<Container> m_open;
};

} // namespace

Json parseRefusingDuplicateKeys(const std::string &text, std::vector<SpecIssue> &issues)
{
    std::size_t line = 1;
    DuplicateKeyFinder finder(line, issues);
    const char *begin = text.data();
    return Json::parse(LineCountingIterator(begin, &line),
                       LineCountingIterator(begin + text.size(), &line),
                       [&finder](int, Json::parse_event_t event, Json &parsed) {
                           return finder.onEvent(event, parsed);
                       });
}

} // namespace tb
