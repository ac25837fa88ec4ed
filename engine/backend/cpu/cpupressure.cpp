#include "cpupressure.h"

#include "monotonicseconds.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

namespace tb {

namespace {

// The number after `key=` in `line`.
std::optional<double> field(const std::string &line, const std::string &key)
{
    const auto at = line.find(" " + key + "=");
    if (at == std::string::npos)
        return std::nullopt;
    try {
        return std::stod(line.substr(at + key.size() + 2));
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

} // namespace

std::optional<CpuPressure> CpuPressure::parse(std::string_view text, double atSeconds)
{
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("some ", 0) != 0)
            continue;
        const auto total = field(line, "total"); // microseconds
        if (!total)
            return std::nullopt;
        CpuPressure pressure;
        pressure.m_totalSeconds = *total / 1e6;
        pressure.m_seconds = atSeconds;
        return pressure;
    }
    return std::nullopt;
}

std::optional<CpuPressure> CpuPressure::read()
{
    std::ifstream file("/proc/pressure/cpu");
    std::stringstream text;
    text << file.rdbuf();
    return parse(text.str(), monotonicSeconds());
}

std::optional<double> CpuPressure::shareSince(const CpuPressure &start) const
{
    const double seconds = m_seconds - start.m_seconds;
    if (seconds < kShortestWindowSeconds)
        return std::nullopt;
    return std::clamp((m_totalSeconds - start.m_totalSeconds) / seconds, 0.0, 1.0);
}

} // namespace tb
