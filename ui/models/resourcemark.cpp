#include "resourcemark.h"

#include "model/measurementcaveats.h"

namespace tb {

bool ResourceMark::judges(ResultsColumns::Kind kind)
{
    return kind == ResultsColumns::Uncertainty || kind == ResultsColumns::Registers ||
           kind == ResultsColumns::Spills || kind == ResultsColumns::Occupancy ||
           kind == ResultsColumns::PercentOfPeak;
}

QString ResourceMark::reason(ResultsColumns::Kind kind, const QVariant &value,
                             const ResultEvent &event)
{
    if (kind == ResultsColumns::Uncertainty)
        return wideConfidence(event);
    if (!value.isValid())
        return QString();
    return resourceReason(kind, value.toDouble());
}

QString ResourceMark::wideConfidence(const ResultEvent &event)
{
    const double halfWidth = wideConfidenceHalfWidth(event.result);
    if (halfWidth == 0)
        return QString();
    return tr("\u00b1%1 %: the median is known only to within this either way (95 % "
              "confidence), over %2 % of it: the time is rough")
        .arg(halfWidth * 100, 0, 'f', 0)
        .arg(qRound(kWideConfidenceCaveat * 100));
}

QString ResourceMark::resourceReason(ResultsColumns::Kind kind, double value)
{
    switch (kind) {
    case ResultsColumns::Spills:
        if (value > 0)
            return tr("Spills %1 bytes per thread to local memory: registers ran short, and "
                      "every spilled access goes through the cache hierarchy")
                .arg(qRound64(value));
        break;
    case ResultsColumns::Registers:
        if (value >= kRegisterLimit)
            return tr("%1 registers per thread: at the limit (%2), so the compiler likely "
                      "wanted more and spilled or held back")
                .arg(qRound64(value))
                .arg(qRound64(kRegisterLimit));
        break;
    case ResultsColumns::Occupancy:
        if (value < kLowOccupancy)
            return tr("Occupancy %1 %: under %2 % of the warp slots, little memory latency is "
                      "hidden (registers, shared memory or the block size limit it)")
                .arg(qRound(value * 100))
                .arg(qRound(kLowOccupancy * 100));
        break;
    case ResultsColumns::PercentOfPeak:
        if (value > 1)
            return tr("%1 % of the device's peak: above it, so the data likely stayed in the "
                      "L2 cache (a problem that fits it); the figure is no DRAM rate")
                .arg(value * 100, 0, 'f', 1);
        break;
    default:
        break;
    }
    return QString();
}

} // namespace tb
