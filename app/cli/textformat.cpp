#include "textformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tb {

namespace {

// "%.3g" of `value` in its unit with the first prefix (none, milli, micro, nano; `deepest` of
// them at most) that brings it to 1 or more; below the deepest, the deepest.
std::string withPrefix(double value, const char *unit, int deepest)
{
    if (std::isnan(value))
        return "-";
    constexpr const char *kPrefixes[] = {"", "m", "u", "n"};
    constexpr double kScales[] = {1.0, 1e3, 1e6, 1e9};
    constexpr double kBelow[] = {1.0, 1e-3, 1e-6}; // below kBelow[k]: the next prefix
    int level = 0;
    while (level < deepest && value < kBelow[level])
        ++level;
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.3g %s%s", value * kScales[level], kPrefixes[level],
                  unit);
    return buffer;
}

} // namespace

std::string formatSeconds(double seconds)
{
    return withPrefix(seconds, "s", 3);
}

std::string formatJoules(double joules)
{
    return withPrefix(joules, "J", 2);
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
