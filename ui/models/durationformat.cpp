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
    for (const Unit &unit : units) {
        if (std::abs(seconds) >= unit.scale || unit.scale == 1e-9)
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
    const int decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
    return QLocale::c().toString(value, 'f', decimals);
}

} // namespace tb
