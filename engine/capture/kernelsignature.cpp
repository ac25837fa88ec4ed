#include "kernelsignature.h"

#include <algorithm>
#include <array>
#include <utility>

namespace tb {

namespace {

std::string_view trimmed(std::string_view text)
{
    const auto first = text.find_first_not_of(' ');
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(' ');
    return text.substr(first, last - first + 1);
}

// The parameter list's parentheses: the last ')' and the '(' that opens it, or npos.
std::pair<std::size_t, std::size_t> parameterParentheses(std::string_view name)
{
    const auto close = name.rfind(')');
    if (close == std::string_view::npos)
        return {std::string_view::npos, std::string_view::npos};
    int depth = 0;
    for (std::size_t i = close + 1; i-- > 0;) {
        if (name[i] == ')')
            ++depth;
        else if (name[i] == '(' && --depth == 0)
            return {i, close};
    }
    return {std::string_view::npos, std::string_view::npos};
}

// Splits at commas outside <>, () and [].
std::vector<std::string_view> topLevelParts(std::string_view list)
{
    std::vector<std::string_view> parts;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const char c = list[i];
        if (c == '<' || c == '(' || c == '[')
            ++depth;
        else if (c == '>' || c == ')' || c == ']')
            --depth;
        else if (c == ',' && depth == 0) {
            parts.push_back(trimmed(list.substr(start, i - start)));
            start = i + 1;
        }
    }
    if (const auto last = trimmed(list.substr(start)); !last.empty() || !parts.empty())
        parts.push_back(last);
    return parts;
}

// The entry: the name before the parameter list, without a template function's return type
// ("void gemm<128, 64>" -> "gemm<128, 64>"): the last space outside <>.
std::string entryOf(std::string_view head)
{
    int depth = 0;
    std::size_t cut = 0;
    for (std::size_t i = 0; i < head.size(); ++i) {
        if (head[i] == '<')
            ++depth;
        else if (head[i] == '>')
            --depth;
        else if (head[i] == ' ' && depth == 0)
            cut = i + 1;
    }
    return std::string(trimmed(head.substr(cut)));
}

// Its words, split at spaces.
std::vector<std::string_view> words(std::string_view text)
{
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto first = text.find_first_not_of(' ', start);
        if (first == std::string_view::npos)
            break;
        const auto end = std::min(text.find(' ', first), text.size());
        words.push_back(text.substr(first, end - first));
        start = end;
    }
    return words;
}

// Drops qualifiers that do not change the element type.
std::string withoutQualifiers(std::string_view text)
{
    std::string result;
    for (std::string_view word : words(text))
        if (word != "const" && word != "volatile" && word != "__restrict__" && word != "restrict")
            result += (result.empty() ? "" : " ") + std::string(word);
    return result;
}

ParameterSignature parameterOf(std::string_view text)
{
    ParameterSignature parameter{false, std::nullopt, std::string(text)};
    std::string type(text);
    const auto stars = std::count(type.begin(), type.end(), '*');
    type.erase(std::remove(type.begin(), type.end(), '*'), type.end());
    type.erase(std::remove(type.begin(), type.end(), '&'), type.end());
    parameter.pointer = stars > 0;
    if (stars <= 1)
        parameter.element = elementTypeOfCppName(withoutQualifiers(type));
    return parameter;
}

} // namespace

std::optional<ElementType> elementTypeOfCppName(std::string_view name)
{
    static constexpr std::array<std::pair<std::string_view, ElementType>, 20> kNames{{
        {"float", ElementType::Float32},
        {"double", ElementType::Float64},
        {"__half", ElementType::Float16},
        {"half", ElementType::Float16},
        {"__nv_bfloat16", ElementType::BFloat16},
        {"char", ElementType::Int8},
        {"signed char", ElementType::Int8},
        {"unsigned char", ElementType::UInt8},
        {"bool", ElementType::UInt8},
        {"short", ElementType::Int16},
        {"unsigned short", ElementType::UInt16},
        {"int", ElementType::Int32},
        {"unsigned int", ElementType::UInt32},
        {"long", ElementType::Int64},
        {"unsigned long", ElementType::UInt64},
        {"long long", ElementType::Int64},
        {"unsigned long long", ElementType::UInt64},
        {"__nv_fp8_e4m3", ElementType::Float8E4M3},
        {"__nv_fp8_e5m2", ElementType::Float8E5M2},
        {"signed", ElementType::Int32},
    }};
    const std::string_view key = trimmed(name);
    for (const auto &[text, type] : kNames)
        if (key == text)
            return type;
    return std::nullopt;
}

KernelSignature parseKernelSignature(std::string_view demangled)
{
    KernelSignature signature;
    const auto [open, close] = parameterParentheses(demangled);
    if (open == std::string_view::npos) {
        signature.entry = std::string(trimmed(demangled));
        return signature;
    }
    signature.entry = entryOf(demangled.substr(0, open));
    signature.known = true;
    const std::string_view list = trimmed(demangled.substr(open + 1, close - open - 1));
    if (list.empty() || list == "void")
        return signature;
    for (std::string_view part : topLevelParts(list))
        signature.parameters.push_back(parameterOf(part));
    return signature;
}

} // namespace tb
