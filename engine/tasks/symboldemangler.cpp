#include "symboldemangler.h"

#include <cctype>
#include <sstream>
#include <vector>

namespace tb {

namespace {

bool isSymbolChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// The mangled symbols on one line, in order, each once: tokens starting with _Z that are not
// the tail of a longer identifier (".text._Z1kPf" counts: '.' ends the section name).
std::vector<std::string> mangledTokens(const std::string &line)
{
    std::vector<std::string> tokens;
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        if (line[i] != '_' || line[i + 1] != 'Z' || (i > 0 && isSymbolChar(line[i - 1])))
            continue;
        std::size_t end = i;
        while (end < line.size() && isSymbolChar(line[end]))
            ++end;
        std::string token = line.substr(i, end - i);
        bool seen = false;
        for (const auto &known : tokens)
            seen = seen || known == token;
        if (!seen)
            tokens.push_back(std::move(token));
        i = end;
    }
    return tokens;
}

} // namespace

std::string withDemangledNames(const std::string &listing)
{
    std::istringstream in(listing);
    std::string out;
    out.reserve(listing.size() + listing.size() / 8);
    std::string line;
    while (std::getline(in, line)) {
        std::string names;
        for (const auto &token : mangledTokens(line)) {
            const std::string name = demangledName(token);
            if (name != token)
                names += (names.empty() ? "" : "; ") + name;
        }
        out += line;
        if (!names.empty())
            out += "  // " + names;
        out += '\n';
    }
    return out;
}

} // namespace tb
