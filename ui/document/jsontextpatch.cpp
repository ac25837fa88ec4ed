#include "jsontextpatch.h"

#include "jsonspans.h"
#include "spec/jsonformat.h"

#include <algorithm>
#include <set>
#include <vector>

namespace tb {

namespace {

struct TextEdit
{
    std::size_t begin = 0;
    std::size_t end = 0; // begin == end: an insertion
    std::string replacement;
};

class TextPatcher
{
public:
    TextPatcher(const std::string &text, const JsonSpan &root) : m_text(text), m_root(&root) {}

    void patch(const JsonSpan &span, const SpecJson &before, const SpecJson &after)
    {
        if (before == after)
            return;
        if (span.kind == JsonSpan::Kind::Object && before.is_object() && after.is_object() &&
            patchObject(span, before, after))
            return;
        if (span.kind == JsonSpan::Kind::Array && before.is_array() && after.is_array() &&
            before.size() == after.size() && span.elements.size() == after.size()) {
            for (std::size_t i = 0; i < after.size(); ++i)
                patch(span.elements[i], before[i], after[i]);
            return;
        }
        replace(span, after);
    }

    std::string result()
    {
        std::sort(m_edits.begin(), m_edits.end(),
                  [](const TextEdit &a, const TextEdit &b) { return a.begin > b.begin; });
        std::string out = m_text;
        for (const TextEdit &edit : m_edits)
            out.replace(edit.begin, edit.end - edit.begin, edit.replacement);
        return out;
    }

private:
    // False when the object cannot be patched member by member (a duplicate key, or every
    // member removed): the caller rewrites it whole.
    bool patchObject(const JsonSpan &span, const SpecJson &before, const SpecJson &after)
    {
        const auto &members = span.members;
        std::set<std::string> keys;
        std::vector<bool> removed(members.size());
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (!keys.insert(members[i].key).second || !before.contains(members[i].key))
                return false;
            removed[i] = !after.contains(members[i].key);
        }
        if (members.empty() ||
            std::all_of(removed.begin(), removed.end(), [](bool r) { return r; }))
            return false;
        for (std::size_t i = 0; i < members.size(); ++i)
            if (!removed[i])
                patch(members[i].value, before.at(members[i].key), after.at(members[i].key));
        removeRuns(members, removed);
        for (const auto &[key, value] : after.items())
            if (!keys.count(key))
                appendMember(span, key, value);
        return true;
    }

    // Each run of removed members goes with the comma before it (or, at the start of the
    // object, with the one after it), so the members kept stay separated as they were.
    void removeRuns(const std::vector<JsonSpan::Member> &members, const std::vector<bool> &removed)
    {
        for (std::size_t first = 0; first < members.size();) {
            if (!removed[first]) {
                ++first;
                continue;
            }
            std::size_t last = first;
            while (last + 1 < members.size() && removed[last + 1])
                ++last;
            if (first > 0)
                m_edits.push_back({members[first - 1].value.end, members[last].value.end, {}});
            else
                m_edits.push_back({members[first].keyBegin, members[last + 1].keyBegin, {}});
            first = last + 1;
        }
    }

    void appendMember(const JsonSpan &object, const std::string &key, const SpecJson &value)
    {
        const JsonSpan::Member &lastMember = object.members.back();
        // Siblings on lines of their own: a new line at their indentation; else inline.
        const std::size_t gapBegin = object.members.size() > 1
                                         ? object.members[object.members.size() - 2].value.end
                                         : object.begin + 1;
        const bool ownLines = m_text.find('\n', gapBegin) < lastMember.keyBegin;
        // The siblings' own indentation, tabs and all.
        const std::string indent = ownLines ? leadingSpace(lastMember.keyBegin) : std::string();
        const std::string name = SpecJson(key).dump() + ": ";
        std::string text = ownLines ? ",\n" + indent : ", ";
        const int column = ownLines ? int(indent.size() + name.size()) : 0;
        text += name + formatJsonAt(value, int(indent.size()), column);
        m_edits.push_back({lastMember.value.end, lastMember.value.end, text});
    }

    void replace(const JsonSpan &span, const SpecJson &after)
    {
        std::string text;
        if (&span == m_root) { // the whole document; the whitespace around it stays
            text = formatJson(after);
            text.pop_back();
        } else {
            text = formatJsonAt(after, int(leadingSpace(span.begin).size()),
                                int(span.begin - lineStart(span.begin)));
        }
        m_edits.push_back({span.begin, span.end, text});
    }

    std::size_t lineStart(std::size_t at) const
    {
        const auto newline = at == 0 ? std::string::npos : m_text.rfind('\n', at - 1);
        return newline == std::string::npos ? 0 : newline + 1;
    }

    std::string leadingSpace(std::size_t at) const
    {
        const std::size_t start = lineStart(at);
        std::size_t end = start;
        while (end < at && (m_text[end] == ' ' || m_text[end] == '\t'))
            ++end;
        return m_text.substr(start, end - start);
    }

    const std::string &m_text;
    const JsonSpan *m_root;
    std::vector<TextEdit> m_edits;
};

} // namespace

std::string patchJsonText(const std::string &text, const SpecJson &before, const SpecJson &after)
{
    const auto spans = scanJsonSpans(text);
    if (!spans)
        return formatJson(after);
    TextPatcher patcher(text, *spans);
    patcher.patch(*spans, before, after);
    std::string patched = patcher.result();
    // The patch is a convenience; the content must be exact. Anything surprising (a text that
    // no longer holds `before`, say) gets the plain formatting instead.
    const auto reread = SpecJson::parse(patched, nullptr, false);
    if (reread.is_discarded() || reread != after)
        return formatJson(after);
    return patched;
}

} // namespace tb
