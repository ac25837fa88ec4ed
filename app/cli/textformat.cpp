#include "textformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tb {

std::string formatSeconds(double seconds)
{
    if (std::isnan(seconds))
        return "-";
    const char *unit = "s";
    double value = seconds;
    if (seconds < 1e-6) {
        value = seconds * 1e9;
        unit = "ns";
    } else if (seconds < 1e-3) {
        value = seconds * 1e6;
        unit = "us";
    } else if (seconds < 1.0) {
        value = seconds * 1e3;
        unit = "ms";
    }
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.3g %s", value, unit);
    return buffer;
}

std::string formatJoules(double joules)
{
    if (std::isnan(joules))
        return "-";
    const char *unit = "J";
    double value = joules;
    if (joules < 1e-3) {
        value = joules * 1e6;
        unit = "uJ";
    } else if (joules < 1.0) {
        value = joules * 1e3;
        unit = "mJ";
    }
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.3g %s", value, unit);
    return buffer;
}

std::string formatClock(double seconds)
{
    const long total = std::lround(std::max(0.0, seconds));
    char buffer[48];
    if (total >= 3600)
        std::snprintf(buffer, sizeof buffer, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60,
                      total % 60);
    else
        std::snprintf(buffer, sizeof buffer, "%ld:%02ld", total / 60, total % 60);
    return buffer;
}

std::string formatNumber(double value)
{
    if (std::isnan(value))
        return "-";
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, std::fabs(value) >= 1e4 ? "%.0f" : "%.4g", value);
    return buffer;
}

TextTable::TextTable(std::vector<std::string> header)
{
    m_rows.push_back(std::move(header));
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_rows.front().size());
    m_rows.push_back(std::move(cells));
}

std::string TextTable::render() const
{
    std::vector<std::size_t> widths(m_rows.front().size(), 0);
    for (const auto &row : m_rows)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    std::string text;
    for (const auto &row : m_rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size())
                line += std::string(widths[c] - row[c].size() + 2, ' ');
        }
        text += line + '\n';
    }
    return text;
}

std::string clockText(double megahertz)
{
    if (megahertz <= 0)
        return {};
    char text[32];
    std::snprintf(text, sizeof text, " @%.0f MHz", megahertz);
    return text;
}

std::string formatPercent(double fraction, bool sign, int decimals)
{
    char text[32];
    std::snprintf(text, sizeof text, sign ? "%+.*f%%" : "%.*f%%", decimals, 100 * fraction);
    return text;
}

} // namespace tb
