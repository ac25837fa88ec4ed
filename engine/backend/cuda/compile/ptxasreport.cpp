#include "ptxasreport.h"

#include <cstdlib>
#include <sstream>
#include <string_view>

namespace tb {

namespace {

// The integer written just before `unit` in `text` ("432 bytes stack frame" -> 432 for unit
// "bytes stack frame"), or nothing when `unit` does not occur.
bool numberBefore(std::string_view text, std::string_view unit, int &value)
{
    const auto at = text.find(unit);
    if (at == std::string_view::npos)
        return false;
    std::size_t end = at;
    while (end > 0 && text[end - 1] == ' ')
        --end;
    std::size_t start = end;
    while (start > 0 && text[start - 1] >= '0' && text[start - 1] <= '9')
        --start;
    if (start == end)
        return false;
    value = std::atoi(std::string(text.substr(start, end - start)).c_str());
    return true;
}

// "Compiling entry function 'NAME' for 'sm_90'" -> NAME.
std::string quotedName(std::string_view line)
{
    const auto open = line.find('\'');
    const auto close = open == std::string_view::npos ? open : line.find('\'', open + 1);
    if (close == std::string_view::npos)
        return {};
    return std::string(line.substr(open + 1, close - open - 1));
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r' || text.back() == '\t'))
        text.remove_suffix(1);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    return text;
}

// "Used 32 registers, used 1 barriers, 8192 bytes smem, 8 bytes cmem[0], 4 bytes cmem[2]"
void readUsedLine(std::string_view line, ResourceUsage &usage)
{
    std::string_view rest = line.substr(line.find("Used "));
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        const std::string_view part = trimmed(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        int value = 0;
        if (numberBefore(part, "registers", value))
            usage.registers = value;
        else if (numberBefore(part, "barriers", value))
            usage.barriers = value;
        else if (numberBefore(part, "bytes smem", value))
            usage.staticSharedBytes = value;
        else if (numberBefore(part, "bytes cmem[", value))
            usage.constantBytes += value;
    }
}

void readPropertiesLine(std::string_view line, ResourceUsage &usage)
{
    numberBefore(line, "bytes stack frame", usage.stackFrameBytes);
    numberBefore(line, "bytes spill stores", usage.spillStoreBytes);
    numberBefore(line, "bytes spill loads", usage.spillLoadBytes);
}

} // namespace

ResourceUsage parsePtxasReport(const std::string &log, const std::string &loweredName)
{
    // ptxas names a function ("Compiling entry function 'X'" or "Function properties for X"),
    // then prints its figures; every figure line belongs to the function named last.
    static constexpr std::string_view kEntry = "Compiling entry function";
    static constexpr std::string_view kProperties = "Function properties for ";
    ResourceUsage usage;
    std::string current;
    std::istringstream lines(log);
    for (std::string text; std::getline(lines, text);) {
        const std::string_view line = text;
        if (line.find("ptxas") == std::string_view::npos &&
            line.find("bytes stack frame") == std::string_view::npos)
            continue; // NVRTC front-end diagnostics
        if (line.find(kEntry) != std::string_view::npos) {
            current = quotedName(line);
        } else if (const auto at = line.find(kProperties); at != std::string_view::npos) {
            current = std::string(trimmed(line.substr(at + kProperties.size())));
        } else if (current != loweredName) {
            continue;
        } else if (line.find("bytes stack frame") != std::string_view::npos) {
            readPropertiesLine(line, usage);
        } else if (line.find("Used ") != std::string_view::npos &&
                   line.find("registers") != std::string_view::npos) {
            readUsedLine(line, usage);
        }
    }
    return usage;
}

bool ptxasReportedEntry(const std::string &log, const std::string &loweredName)
{
    static constexpr std::string_view kEntry = "Compiling entry function";
    std::istringstream lines(log);
    for (std::string text; std::getline(lines, text);) {
        const std::string_view line = text;
        if (line.find("ptxas") != std::string_view::npos &&
            line.find(kEntry) != std::string_view::npos && quotedName(line) == loweredName)
            return true;
    }
    return false;
}

} // namespace tb
