#include "sourcenames.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace tb {

namespace {

bool isIdentifierChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Comments blanked with spaces (newlines kept), so that offsets and line numbers still hold.
std::string withoutComments(const std::string &source)
{
    std::string text = source;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '/' && text[i + 1] == '/') {
            for (; i < text.size() && text[i] != '\n'; ++i)
                text[i] = ' ';
        } else if (text[i] == '/' && text[i + 1] == '*') {
            const std::size_t end = text.find("*/", i + 2);
            const std::size_t stop = end == std::string::npos ? text.size() : end + 2;
            for (; i < stop; ++i)
                if (text[i] != '\n')
                    text[i] = ' ';
            --i;
        }
    }
    return text;
}

// The last identifier of one template parameter's declaration, its default cut off.
std::string declaredName(std::string declaration)
{
    if (const std::size_t equals = declaration.find('='); equals != std::string::npos)
        declaration.resize(equals);
    std::size_t end = declaration.size();
    while (end > 0 && !isIdentifierChar(declaration[end - 1]))
        --end;
    std::size_t begin = end;
    while (begin > 0 && isIdentifierChar(declaration[begin - 1]))
        --begin;
    return declaration.substr(begin, end - begin);
}

// Adds the names declared in the parameter list that opens at text[open] ('<').
void addListNames(const std::string &text, std::size_t open, std::set<std::string> &names)
{
    int depth = 0;
    std::string current;
    for (std::size_t i = open; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '<' || c == '(')
            ++depth;
        else if (c == '>' || c == ')')
            --depth;
        if (depth == 0 || (depth == 1 && c == ',')) {
            const std::string name = declaredName(current);
            static const std::set<std::string> keywords{"typename", "class", "int",
                                                        "unsigned", "bool",  "auto"};
            if (!name.empty() && !keywords.contains(name))
                names.insert(name);
            current.clear();
            if (depth == 0)
                return;
            continue;
        }
        if (!(depth == 1 && c == '<'))
            current += c;
    }
}

} // namespace

std::set<std::string> templateParameterNames(const std::string &source)
{
    const std::string text = withoutComments(source);
    static const std::regex opening(R"(\btemplate\s*<)");
    std::set<std::string> names;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), opening);
         it != std::sregex_iterator(); ++it)
        addListNames(text, static_cast<std::size_t>(it->position() + it->length() - 1), names);
    return names;
}

std::optional<int> declarationLine(const std::string &source, const std::string &name)
{
    const std::string text = withoutComments(source);
    const std::regex declaration(
        R"(\b(int|unsigned|long|short|char|float|double|bool|auto|size_t|constexpr|const|)"
        R"(struct|class|enum|using|typedef)\s+)" +
        name + R"(\b)");
    std::smatch match;
    if (!std::regex_search(text, match, declaration))
        return std::nullopt;
    const auto offset = static_cast<std::size_t>(match.position());
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

} // namespace tb
