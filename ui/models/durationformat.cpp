#include "durationformat.h"

#include <QLocale>

#include <cmath>

namespace tb {

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds))
        return QString();
    struct Unit
    {
        double scale;
        const char *name;
    };
    static const Unit units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "\u00b5s"}, {1e-9, "ns"}};
    // 0.9995 of a unit rounds up to "1000" of the next smaller one: show "1.00" of this one.
    for (const Unit &unit : units) {
        if (std::abs(seconds) >= 0.9995 * unit.scale || unit.scale == 1e-9)
            return formatNumber(seconds / unit.scale) + QLatin1Char(' ') +
                   QString::fromUtf8(unit.name);
    }
    return QString();
}

QString formatNumber(double value)
{
    if (!std::isfinite(value))
        return QString();
    const double magnitude = std::abs(value);
    // Three significant digits, decided on the rounded value (9.996 is "10.0", not "10.00").
    const int decimals = magnitude >= 99.95 ? 0 : magnitude >= 9.995 ? 1 : 2;
    return QLocale::c().toString(value, 'f', decimals);
}

QString formatPercent(double fraction)
{
    return QString::number(100 * fraction, 'f', 2) + QLatin1Char('%');
}

} // namespace tb
