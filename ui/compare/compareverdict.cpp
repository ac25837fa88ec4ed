#include "compareverdict.h"

#include "analysis/timedifference.h"
#include "analysis/winnermargin.h"
#include "models/durationformat.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("CompareVerdict", text);
}

double timeOf(const CompareEntry &entry)
{
    const Result &result = entry.event.result;
    return result.status == ResultStatus::Ok && result.summary.count > 0 ? result.summary.median
                                                                         : 0;
}

QString uncertaintyText(const WinnerMargin &margin)
{
    if (!std::isfinite(margin.uncertainty))
        return tr("an unbounded uncertainty (too few samples)");
    QString text =
        tr("the %1 their medians are uncertain by").arg(formatPercent(margin.uncertainty));
    if (margin.clockStep > 0)
        text += tr(" (%1 of it: timed at different SM clock steps)")
                    .arg(formatPercent(margin.clockStep));
    return text;
}

} // namespace

QString compareVerdict(const CompareEntry &baseline, const CompareEntry &other)
{
    const double baselineTime = timeOf(baseline);
    const double otherTime = timeOf(other);
    if (!(baselineTime > 0) || !(otherTime > 0))
        return {};
    if (baseline.sizeLabel != other.sizeLabel)
        return tr("%1: another problem size than the baseline's, so its time says nothing about "
                  "which configuration is faster")
            .arg(other.caption);
    const bool otherFaster = otherTime < baselineTime;
    const Result &faster = otherFaster ? other.event.result : baseline.event.result;
    const Result &slower = otherFaster ? baseline.event.result : other.event.result;
    const auto margin =
        winnerMargin(std::min(baselineTime, otherTime), std::max(baselineTime, otherTime), true,
                     kObjectiveTime, faster, slower);
    if (!margin)
        return {};
    const QString direction = otherFaster ? tr("faster") : tr("slower");
    // The lead is the verdict's words ("14.22% faster": the slower time over the faster); the
    // change beside it is the table's figure, so the two never seem to disagree.
    const double change = relativeChange(baselineTime, otherTime);
    const QString changeText =
        (change > 0 ? QStringLiteral("+") : QString()) + formatPercent(change);
    if (margin->decided())
        return tr("%1: %2 %3 than the baseline (median %4), beyond %5")
            .arg(other.caption, formatPercent(margin->lead), direction, changeText,
                 uncertaintyText(*margin));
    return tr("%1: %2 %3 than the baseline (median %4), within %5: another run may order them "
              "the other way")
        .arg(other.caption, formatPercent(margin->lead), direction, changeText,
             uncertaintyText(*margin));
}

} // namespace tb
