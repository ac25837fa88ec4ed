#pragma once

#include "model/spec.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

namespace tb {

// What the result views need to know of a spec before its results arrive: the columns of the
// results table and the axes of the plots. A live run's SessionController::specLoaded and a
// stored run (LoadedRun) carry the same outline, so both fill the views the same way.
struct SpecOutline
{
    QString name;
    QStringList metricNames;                          // derived metrics, in the spec's order
    bool cuda = false;                                // the backend reports resource usage
    QStringList parameterNames;                       // in the order of Configuration::values
    QString objectiveMetric = QStringLiteral("time"); // "time": the median time
    bool minimize = true;
    // measurement.target_rel_ci: how close a finalist's process rounds' medians must come for
    // its time to be trusted (roundsDisagree); results whose rounds stay further apart are
    // flagged.
    double roundsAgreeWithin = 0.01;
};

inline SpecOutline specOutline(const Spec &spec)
{
    SpecOutline outline;
    outline.name = QString::fromStdString(spec.name);
    for (const auto &metric : spec.metrics)
        outline.metricNames << QString::fromStdString(metric.name);
    outline.cuda = spec.backend == BackendKind::Cuda;
    for (const auto &parameter : spec.parameters)
        outline.parameterNames << QString::fromStdString(parameter.name);
    outline.objectiveMetric = QString::fromStdString(spec.objective.metric);
    outline.minimize = spec.objective.minimize;
    outline.roundsAgreeWithin = spec.measurement.targetRelativeHalfWidth;
    return outline;
}

} // namespace tb

Q_DECLARE_METATYPE(tb::SpecOutline)
