#pragma once

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// Splits a stretch of time into named laps, to say where it went: a GPU worker's start (logged,
// so a slow start names its slow step) or a configuration's evaluation (stored per result for
// the throughput benchmarks).
class LapClock
{
public:
    // Seconds since the previous lap (or since the clock was made), recorded as `name`.
    double lap(std::string name)
    {
        const auto now = std::chrono::steady_clock::now();
        const double seconds = std::chrono::duration<double>(now - m_lapStart).count();
        m_lapStart = now;
        m_laps.emplace_back(std::move(name), seconds);
        return seconds;
    }

    double totalSeconds() const
    {
        double total = 0;
        for (const auto &lap : m_laps)
            total += lap.second;
        return total;
    }

    // "driver 0.01 s, CUPTI 0.20 s": every lap in order, to the hundredth of a second.
    std::string text() const
    {
        std::string text;
        char seconds[32];
        for (const auto &[name, value] : m_laps) {
            std::snprintf(seconds, sizeof seconds, " %.2f s", value);
            text += (text.empty() ? "" : ", ") + name + seconds;
        }
        return text;
    }

private:
    std::chrono::steady_clock::time_point m_lapStart = std::chrono::steady_clock::now();
    std::vector<std::pair<std::string, double>> m_laps;
};

} // namespace tb
