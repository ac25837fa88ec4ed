#pragma once

#include <QString>

namespace tb {

// "812 ns", "3.41 µs", "12.7 ms", "1.25 s": three significant digits, the unit that fits.
QString formatDuration(double seconds);

// "1.23e+04" style numbers are hard to scan in a table: three significant digits, grouped.
QString formatNumber(double value);

// "0.50%" from 0.005: a spread, a lead or an uncertainty, two decimals.
QString formatPercent(double fraction);

} // namespace tb
