#include "energywindow.h"

#include <algorithm>
#include <cmath>

namespace tb {

void EnergyWindow::observe(double seconds, std::uint64_t millijoules, double pollSeconds)
{
    const bool tick = m_last && millijoules != *m_last;
    m_last = millijoules;
    if (!tick)
        return;
    if (++m_seen <= m_skipped)
        return;
    m_ticks.push_back({seconds, millijoules, pollSeconds});
}

double EnergyWindow::spanSeconds() const
{
    return m_ticks.size() < 2 ? 0.0 : m_ticks.back().seconds - m_ticks.front().seconds;
}

std::optional<double> EnergyWindow::averageWatts() const
{
    const double span = spanSeconds();
    if (m_ticks.size() < 2 || span <= 0)
        return std::nullopt;
    const auto joules =
        static_cast<double>(m_ticks.back().millijoules - m_ticks.front().millijoules) / 1000.0;
    return joules / span;
}

std::optional<double> EnergyWindow::relativeUncertainty() const
{
    const auto mean = averageWatts();
    if (m_ticks.size() < 3 || !mean || *mean <= 0)
        return std::nullopt;
    std::vector<double> watts;
    for (std::size_t k = 1; k < m_ticks.size(); ++k) {
        const double seconds = m_ticks[k].seconds - m_ticks[k - 1].seconds;
        const auto joules =
            static_cast<double>(m_ticks[k].millijoules - m_ticks[k - 1].millijoules) / 1000.0;
        if (seconds > 0)
            watts.push_back(joules / seconds);
    }
    if (watts.size() < 2)
        return std::nullopt;
    double sum = 0;
    for (double w : watts)
        sum += w;
    const double average = sum / static_cast<double>(watts.size());
    double squares = 0;
    for (double w : watts)
        squares += (w - average) * (w - average);
    const double n = static_cast<double>(watts.size());
    const double standardError = std::sqrt(squares / (n - 1)) / std::sqrt(n) / *mean;
    const double late = (m_ticks.front().lateBy + m_ticks.back().lateBy) / spanSeconds();
    return std::sqrt(standardError * standardError + late * late);
}

} // namespace tb
