#include "cppnames.h"

#include <cstdio>

namespace tb {

namespace {

// C++20 keywords and alternative tokens: none can name a member or a namespace.
constexpr std::string_view kKeywords[] = {"alignas",       "alignof",     "and",
                                          "and_eq",        "asm",         "auto",
                                          "bitand",        "bitor",       "bool",
                                          "break",         "case",        "catch",
                                          "char",          "char8_t",     "char16_t",
                                          "char32_t",      "class",       "compl",
                                          "concept",       "const",       "consteval",
                                          "constexpr",     "constinit",   "const_cast",
                                          "continue",      "co_await",    "co_return",
                                          "co_yield",      "decltype",    "default",
                                          "delete",        "do",          "double",
                                          "dynamic_cast",  "else",        "enum",
                                          "explicit",      "export",      "extern",
                                          "false",         "float",       "for",
                                          "friend",        "goto",        "if",
                                          "inline",        "int",         "long",
                                          "mutable",       "namespace",   "new",
                                          "noexcept",      "not",         "not_eq",
                                          "nullptr",       "operator",    "or",
                                          "or_eq",         "private",     "protected",
                                          "public",        "register",    "reinterpret_cast",
                                          "requires",      "return",      "short",
                                          "signed",        "sizeof",      "static",
                                          "static_assert", "static_cast", "struct",
                                          "switch",        "template",    "this",
                                          "thread_local",  "throw",       "true",
                                          "try",           "typedef",     "typeid",
                                          "typename",      "union",       "unsigned",
                                          "using",         "virtual",     "void",
                                          "volatile",      "wchar_t",     "while",
                                          "xor",           "xor_eq"};

// Object-like macros that <cmath>, <cstddef>, <limits> (glibc, libstdc++, libc++) or the
// compiler define: a member of that name would be replaced before the compiler sees it.
constexpr std::string_view kMacros[] = {
    "NULL",     "INFINITY", "NAN",   "HUGE_VAL",         "HUGE_VALF",  "HUGE_VALL",
    "errno",    "unix",     "linux", "math_errhandling", "MATH_ERRNO", "MATH_ERREXCEPT",
    "offsetof", "assert",   "EOF",   "DECIMAL_DIG"};

template <std::size_t N> bool contains(const std::string_view (&list)[N], std::string_view name)
{
    for (std::string_view entry : list)
        if (entry == name)
            return true;
    return false;
}

bool isNameCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Families of macros by their start: <cmath>'s FP_NAN, FP_ILOGB0, ...; glibc's M_PI, M_E, ...
bool isMacroFamily(std::string_view name)
{
    return name.substr(0, 3) == "FP_" || name.substr(0, 2) == "M_";
}

bool needsPrefix(std::string_view name)
{
    return name.empty() || (name[0] >= '0' && name[0] <= '9') || name[0] == '_' ||
           contains(kKeywords, name) || contains(kMacros, name) || isMacroFamily(name);
}

} // namespace

std::string cppIdentifier(std::string_view name, std::string_view prefix)
{
    std::string identifier;
    identifier.reserve(name.size());
    for (char c : name)
        identifier += isNameCharacter(c) ? c : '_';
    return needsPrefix(identifier) ? std::string(prefix) + identifier : identifier;
}

std::string uniqueCppIdentifier(std::string_view name, std::string_view prefix,
                                std::set<std::string> &taken)
{
    const std::string base = cppIdentifier(name, prefix);
    std::string identifier = base;
    for (int suffix = 2; taken.count(identifier) > 0; ++suffix)
        identifier = base + "_" + std::to_string(suffix);
    taken.insert(identifier);
    return identifier;
}

std::string cppStringLiteral(std::string_view text)
{
    std::string literal = "\"";
    for (char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\' || c == '?') {
            literal += '\\';
            literal += c;
        } else if (byte >= 0x20 && byte < 0x7f) {
            literal += c;
        } else {
            char octal[5];
            std::snprintf(octal, sizeof octal, "\\%03o", static_cast<unsigned>(byte));
            literal += octal;
        }
    }
    return literal + "\"";
}

} // namespace tb
