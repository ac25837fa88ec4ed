// ResultsModel: the resource cells (and shares of peak above 100 %, and wide confidence
// intervals) it marks, and why (the cell's tooltip says it first).
#include "resultsmodel.h"

#include "resultrowtext.h"

#include "model/measurementcaveats.h"

namespace tb {

QString ResultsModel::resourceMark(const ResultEvent &event, int column) const
{
    const ColumnSpec &spec = m_columns.at(column);
    if (spec.kind == Uncertainty) {
        // The engine's rule, so that the mark and the caveat (and the CLI's "ok*") agree.
        const double halfWidth = wideConfidenceHalfWidth(event.result);
        if (halfWidth == 0)
            return QString();
        return tr("\u00b1%1 %: the median is known only to within this either way (95 % "
                  "confidence), over %2 % of it: the time is rough")
            .arg(halfWidth * 100, 0, 'f', 0)
            .arg(qRound(kWideConfidenceCaveat * 100));
    }
    if (spec.kind != Registers && spec.kind != Spills && spec.kind != Occupancy &&
        spec.kind != PercentOfPeak)
        return QString();
    const QVariant raw = rawNumber(event, spec);
    if (!raw.isValid())
        return QString();
    const double value = raw.toDouble();
    switch (spec.kind) {
    case Spills:
        if (value > 0)
            return tr("Spills %1 bytes per thread to local memory: registers ran short, and "
                      "every spilled access goes through the cache hierarchy")
                .arg(qRound64(value));
        break;
    case Registers:
        if (value >= kRegisterLimit)
            return tr("%1 registers per thread: at the limit (%2), so the compiler likely "
                      "wanted more and spilled or held back")
                .arg(qRound64(value))
                .arg(qRound64(kRegisterLimit));
        break;
    case Occupancy:
        if (value < kLowOccupancy)
            return tr("Occupancy %1 %: under %2 % of the warp slots, little memory latency is "
                      "hidden (registers, shared memory or the block size limit it)")
                .arg(qRound(value * 100))
                .arg(qRound(kLowOccupancy * 100));
        break;
    case PercentOfPeak:
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

// A marked cell says why first, then what the whole row's tooltip says (a failure's message,
// an ok result's caveats).
QVariant ResultsModel::cellToolTip(const ResultEvent &event, int column) const
{
    const QVariant row = resultrow::toolTip(event, m_roundsAgreeWithin);
    const QString mark = resourceMark(event, column);
    if (mark.isEmpty())
        return row;
    return row.isValid() ? QVariant(mark + QStringLiteral("\n\n") + row.toString())
                         : QVariant(mark);
}

} // namespace tb
