#include "runnarration.h"

#include "models/durationformat.h"
#include "session/specoutline.h"

#include <QStringList>

namespace tb {

QString RunNarration::specLoaded(const SpecOutline &outline)
{
    return tr("Spec '%1' (%2 backend): %3 parameter(s), objective %4 (%5)")
        .arg(outline.name, outline.cuda ? tr("cuda") : tr("cpu"))
        .arg(outline.parameterNames.size())
        .arg(outline.objectiveMetric, outline.minimize ? tr("minimize") : tr("maximize"));
}

QString RunNarration::spaceSized(const SpaceSummary &summary)
{
    return tr("%1: %2 configurations, %3 valid, %4 rejected, %5 planned")
        .arg(QString::fromStdString(summary.sizeLabel))
        .arg(summary.total)
        .arg(summary.valid)
        .arg(summary.rejected)
        .arg(summary.planned);
}

QString RunNarration::roundStarted(const RoundStart &start)
{
    const QString round = start.round <= start.rounds
                              ? tr("Round %1 of %2").arg(start.round).arg(start.rounds)
                              : tr("Round %1 of up to %2").arg(start.round).arg(start.maxRounds);
    return tr("%1: measuring %2 of %3 finalists again in fresh worker processes")
        .arg(round)
        .arg(start.toMeasure)
        .arg(start.finalists);
}

QString RunNarration::roundResult(const RoundEvent &event, const QString &sizeLabel)
{
    QStringList medians;
    for (double median : event.medians)
        medians << formatDuration(median);
    const QString measured = event.measured.status == ResultStatus::Ok
                                 ? formatDuration(event.measured.summary.median)
                                 : QString::fromUtf8(toString(event.measured.status)) +
                                       QLatin1Char(' ') +
                                       QString::fromStdString(event.measured.message);
    return (event.stored ? tr("%1 %2 round %3 (stored): %4 (rounds %5 -> %6)")
                         : tr("%1 %2 round %3: %4 (rounds %5 -> %6)"))
        .arg(sizeLabel, QString::fromStdString(event.configKey))
        .arg(event.round)
        .arg(measured, medians.join(QStringLiteral(" | ")),
             formatDuration(event.combined.summary.median));
}

QString RunNarration::sizeNotTuned(const SizeFailure &failure)
{
    return tr("Problem size %1 not tuned: %2. Its configurations are left unmeasured; mend the "
              "reference and run again to measure them.")
        .arg(QString::fromStdString(failure.sizeLabel), QString::fromStdString(failure.message));
}

QString RunNarration::finished(const RunSummary &summary)
{
    const QString state = !summary.sizeFailures.empty() ? tr("Incomplete")
                          : summary.stopped             ? tr("Stopped")
                                                        : tr("Finished");
    return tr("%1 run %2: %3 ok, %4 failed, %5 reused, %6 s")
        .arg(state)
        .arg(summary.runId)
        .arg(summary.ok)
        .arg(summary.failed)
        .arg(summary.reused)
        .arg(summary.seconds, 0, 'f', 1);
}

} // namespace tb
