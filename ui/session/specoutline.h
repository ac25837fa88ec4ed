#pragma once

#include "model/metricrate.h"
#include "model/spec.h"

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <QVector>

namespace tb {

// What the result views need to know of a spec before its results arrive: the columns of the
// results table and the axes of the plots. A live run's SessionController::specLoaded and a
// stored run (LoadedRun) carry the same outline, so both fill the views the same way.
struct SpecOutline
{
    QString name;
    QStringList metricNames;    // derived metrics, in the spec's order
    bool cuda = false;          // the backend reports resource usage
    bool energy = false;        // an energy run per configuration: energy and power figures
    QStringList parameterNames; // in the order of Configuration::values
    QString objectiveMetric = QStringLiteral("time"); // "time": the median time
    bool minimize = true;
    // measurement.target_rel_ci: how close a finalist's process rounds' medians must come for
    // its time to be trusted (roundsDisagree); results whose rounds stay further apart are
    // flagged.
    double roundsAgreeWithin = 0.01;
    // "% of peak" and the roofline (metricrate.h): the peaks to judge by (the spec's, and the
    // measuring GPU's where the spec gives none: effectivePeaks()), and which metrics are rates.
    DevicePeaks peaks;
    QVector<MetricRate> metricRates; // by metric, as metricNames
    int peakMetric = -1;             // the metric "% of peak" reads (peakMetricIndex()); -1: none
    int flopMetric = -1;             // the roofline's first FLOP-rate metric; -1: none
    int byteMetric = -1;             // its first byte-rate metric; -1: none
};

inline SpecOutline specOutline(const Spec &spec)
{
    SpecOutline outline;
    outline.name = QString::fromStdString(spec.name);
    for (const auto &metric : spec.metrics)
        outline.metricNames << QString::fromStdString(metric.name);
    outline.cuda = spec.backend == BackendKind::Cuda;
    outline.energy = spec.measurement.energySeconds > 0;
    for (const auto &parameter : spec.parameters)
        outline.parameterNames << QString::fromStdString(parameter.name);
    outline.objectiveMetric = QString::fromStdString(spec.objective.metric);
    outline.minimize = spec.objective.minimize;
    outline.roundsAgreeWithin = spec.measurement.targetRelativeHalfWidth;
    outline.peaks = spec.peaks;
    for (const auto &metric : spec.metrics)
        outline.metricRates << metricRate(metric);
    const auto indexOr = [](std::optional<std::size_t> index) { return index ? int(*index) : -1; };
    outline.peakMetric = indexOr(peakMetricIndex(spec));
    outline.flopMetric = indexOr(firstMetricOf(spec, RateKind::Flops));
    outline.byteMetric = indexOr(firstMetricOf(spec, RateKind::Bytes));
    return outline;
}

} // namespace tb

Q_DECLARE_METATYPE(tb::SpecOutline)
