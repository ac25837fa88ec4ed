#include "histogramrange.h"

#include "models/durationformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

// Linear interpolation between the closest ranks of a sorted set.
double quantile(const std::vector<double> &sorted, double q)
{
    const double position = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - double(below)) * (sorted[above] - sorted[below]);
}

QString tr(const char *text)
{
    return QCoreApplication::translate("tb::HistogramRange", text);
}

// "1.02 ms" must not wrap between the number and the unit in a narrow pane.
QString duration(double seconds)
{
    return formatDuration(seconds).replace(QLatin1Char(' '), QChar(0x00a0));
}

QString samples(int count)
{
    return count == 1 ? tr("1 sample") : tr("%1 samples").arg(count);
}

} // namespace

void HistogramRange::include(const std::vector<double> &samples)
{
    std::vector<double> sorted;
    sorted.reserve(samples.size());
    for (const double sample : samples)
        if (std::isfinite(sample))
            sorted.push_back(sample);
    if (sorted.empty())
        return;
    std::sort(sorted.begin(), sorted.end());
    const double q1 = quantile(sorted, 0.25);
    const double q3 = quantile(sorted, 0.75);
    const double fence =
        std::max(kFence * (q3 - q1), kMinimumFence * std::abs(quantile(sorted, 0.5)));
    const double setLow = std::max(sorted.front(), q1 - fence);
    const double setHigh = std::min(sorted.back(), q3 + fence);
    low = valid ? std::min(low, setLow) : setLow;
    high = valid ? std::max(high, setHigh) : setHigh;
    valid = true;
}

HistogramRange::Beyond HistogramRange::beyond(const std::vector<double> &samples) const
{
    Beyond result;
    if (!valid)
        return result;
    for (const double sample : samples) {
        result.below += sample < low ? 1 : 0;
        result.above += sample > high ? 1 : 0;
    }
    return result;
}

QString beyondRangeNote(const HistogramRange &range, const HistogramRange::Beyond &beyond)
{
    const QString below = tr("%1 below %2").arg(samples(beyond.below), duration(range.low));
    const QString above = tr("%1 above %2").arg(samples(beyond.above), duration(range.high));
    if (beyond.below > 0 && beyond.above > 0)
        return tr("In the end bins: %1, %2").arg(below, above);
    if (beyond.below > 0)
        return tr("In the first bin: %1").arg(below);
    if (beyond.above > 0)
        return tr("In the last bin: %1").arg(above);
    return QString();
}

} // namespace tb
