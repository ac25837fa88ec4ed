#include "durationticker.h"

#include <QFontMetrics>
#include <QLocale>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace tb {

namespace {

// More ticks than this crowd even a wide axis; the default QCPAxisTicker aims at five.
constexpr int kMostTicks = 7;
// Below this many ticks an axis tells too little: take a finer set of mantissas.
constexpr int kFewestTicks = 3;

// Tick mantissas per decade on a log axis, from fine to coarse. 1-2-5 is the default under two
// decades; plain decades above.
const std::array<std::vector<double>, 4> kLogLevels = {
    std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}, std::vector<double>{1, 2, 5},
    std::vector<double>{1, 3}, std::vector<double>{1}};
constexpr int kLevel125 = 1;
constexpr int kLevelDecades = 3;

double decade(int exponent)
{
    return std::pow(10.0, exponent);
}

bool inRange(double value, const QCPRange &range)
{
    const double slack = 1e-9 * std::max(std::abs(range.lower), std::abs(range.upper));
    return value >= range.lower - slack && value <= range.upper + slack;
}

// The multiples m·10^e inside the range, ascending, for the given mantissas.
QVector<double> multiples(const QCPRange &range, const std::vector<double> &mantissas,
                          int everyNthDecade = 1)
{
    QVector<double> ticks;
    const int first = int(std::floor(std::log10(range.lower)));
    const int last = int(std::floor(std::log10(range.upper)));
    for (int exponent = first; exponent <= last; ++exponent) {
        if (exponent % everyNthDecade != 0)
            continue;
        for (const double mantissa : mantissas)
            if (const double tick = mantissa * decade(exponent); inRange(tick, range))
                ticks.append(tick);
    }
    return ticks;
}

double roundTo(double value, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

// The multiples of `step` inside the range.
QVector<double> stepTicks(const QCPRange &range, double step)
{
    QVector<double> ticks;
    const double first = std::ceil(range.lower / step - 1e-9);
    for (double index = first; index * step <= range.upper + step * 1e-9; index += 1) {
        const double tick = index * step;
        ticks.append(std::abs(tick) < step * 1e-9 ? 0.0 : tick);
    }
    return ticks;
}

} // namespace

DurationTicker::DurationTicker(QCPAxis *axis) : m_axis(axis) {}

void DurationTicker::install(QCPAxis *axis)
{
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationTicker(axis)));
    // "eb" would typeset an "e" in a label as a power of ten.
    axis->setNumberFormat(QStringLiteral("g"));
}

QString DurationTicker::label(double seconds)
{
    if (!std::isfinite(seconds))
        return QString();
    const double magnitude = std::abs(seconds);
    if (magnitude < 1e-15)
        return QStringLiteral("0");
    struct Unit
    {
        double scale;
        const char *name;
    };
    static const Unit units[] = {{1, "s"}, {1e-3, "ms"}, {1e-6, "\u00b5s"}, {1e-9, "ns"}};
    const Unit *unit = &units[3];
    for (const Unit &candidate : units) {
        // A tick computed as 0.1 * 1e-2 is 0.000999...: it is still "1 ms".
        if (magnitude >= candidate.scale * (1 - 1e-9)) {
            unit = &candidate;
            break;
        }
    }
    const double value = seconds / unit->scale;
    // As many decimals as the value needs (ticks are round numbers), three at most.
    int decimals = 0;
    while (decimals < 3 &&
           std::abs(value - roundTo(value, decimals)) > 1e-6 * std::max(1.0, std::abs(value)))
        ++decimals;
    return QLocale::c().toString(roundTo(value, decimals), 'f', decimals) + QLatin1Char(' ') +
           QString::fromUtf8(unit->name);
}

int DurationTicker::axisPixels() const
{
    // The ticks are made before this replot lays the axis rect out: its size is the last
    // replot's. The viewport is already new, so a plot that shrank is caught by the viewport
    // less the margins (a plot that grew gets its extra ticks on the next replot).
    const QCPAxisRect *rect = m_axis->axisRect();
    const QRect viewport = m_axis->parentPlot()->viewport();
    const QMargins margins = rect->margins();
    const bool horizontal = m_axis->orientation() == Qt::Horizontal;
    const int available = horizontal ? viewport.width() - margins.left() - margins.right()
                                     : viewport.height() - margins.top() - margins.bottom();
    const int laidOut = horizontal ? rect->width() : rect->height();
    return laidOut > 0 ? std::min(laidOut, available) : available;
}

int DurationTicker::maxTicks() const
{
    const QFontMetrics metrics(m_axis->tickLabelFont());
    // A label as wide as the widest we make, and a gap of one and a half line heights.
    const int perTick =
        m_axis->orientation() == Qt::Horizontal
            ? metrics.horizontalAdvance(QStringLiteral("8.888 ms")) + metrics.height() * 3 / 2
            : metrics.height() * 5 / 2;
    return std::clamp(axisPixels() / std::max(1, perTick), 2, kMostTicks);
}

void DurationTicker::generate(const QCPRange &range, const QLocale &locale, QChar formatChar,
                              int precision, QVector<double> &ticks, QVector<double> *subTicks,
                              QVector<QString> *tickLabels)
{
    const int most = maxTicks();
    if (subTicks)
        subTicks->clear();
    if (m_axis->scaleType() == QCPAxis::stLogarithmic && range.lower > 0) {
        ticks = logTicks(range, most, subTicks);
    } else {
        ticks = linearTicks(range, most);
        if (subTicks && ticks.size() > 1) {
            *subTicks = createSubTickVector(getSubTickCount(ticks[1] - ticks[0]), ticks);
            trimTicks(range, *subTicks, false);
        }
    }
    if (tickLabels) {
        tickLabels->clear();
        for (const double tick : std::as_const(ticks))
            tickLabels->append(getTickLabel(tick, locale, formatChar, precision));
    }
}

QString DurationTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    return label(tick);
}

// The smallest round step (1, 2, 2.5 or 5 times a power of ten) that keeps at most `most`
// ticks in the range. Where the next round step would leave a single tick, every other tick
// (or every k-th) of the last step that had too many: two labels say more than one.
QVector<double> DurationTicker::linearTicks(const QCPRange &range, int most) const
{
    const double size = range.size();
    if (!(size > 0) || !std::isfinite(size))
        return {range.lower};
    QVector<double> tooMany;
    for (double magnitude = decade(int(std::floor(std::log10(size / most))) - 1);;
         magnitude *= 10) {
        for (const double mantissa : {1.0, 2.0, 2.5, 5.0}) {
            QVector<double> ticks = stepTicks(range, mantissa * magnitude);
            if (ticks.size() > most) {
                tooMany = std::move(ticks);
                continue;
            }
            if (ticks.size() >= 2 || tooMany.isEmpty())
                return ticks;
            const qsizetype stride = (tooMany.size() + most - 1) / most;
            QVector<double> thinned;
            for (qsizetype i = 0; i < tooMany.size(); i += stride)
                thinned.append(tooMany[i]);
            return thinned;
        }
    }
}

QVector<double> DurationTicker::logTicks(const QCPRange &range, int most,
                                         QVector<double> *subTicks) const
{
    const double decades = std::log10(range.upper / range.lower);
    int level = decades < 2 ? kLevel125 : kLevelDecades;
    QVector<double> ticks = multiples(range, kLogLevels[std::size_t(level)]);
    while (ticks.size() < kFewestTicks && level > 0)
        ticks = multiples(range, kLogLevels[std::size_t(--level)]);
    if (ticks.size() < 2) // narrower than 1..2 of one decade: plain steps read best
        return linearTicks(range, most);
    while (ticks.size() > most && level < kLevelDecades)
        ticks = multiples(range, kLogLevels[std::size_t(++level)]);
    int everyNth = 1;
    while (ticks.size() > most)
        ticks = multiples(range, kLogLevels[kLevelDecades], ++everyNth);
    if (subTicks) {
        // The integer multiples between the ticks; between thinned decades, the decades.
        const QVector<double> between = everyNth > 1 ? multiples(range, kLogLevels[kLevelDecades])
                                                     : multiples(range, kLogLevels[0]);
        for (const double tick : between)
            if (!ticks.contains(tick))
                subTicks->append(tick);
    }
    return ticks;
}

} // namespace tb
