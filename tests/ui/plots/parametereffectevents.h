#pragma once

// Results and graph lookups shared by the parameter-effect plot's tests.
#include "plotevents.h"
#include "plots/parametereffectplot.h"

#include <qcustomplot.h>

#include <cmath>
#include <string>

namespace plottest {

using tb::ParameterEffectPlot;
using tb::ResultEvent;

// A measured configuration (BLOCK, UNROLL) of one size; the objective is its median time.
inline ResultEvent result(double block, double unroll, double objective, std::size_t sizeIndex = 0)
{
    ResultEvent event = plottest::measured(objective, sizeIndex);
    event.config.values = {block, unroll};
    event.configKey =
        "BLOCK=" + std::to_string(int(block)) + ",UNROLL=" + std::to_string(int(unroll));
    event.objective = objective;
    return event;
}

// The scatter graphs, one per colour value (the best ring is the other graph).
inline QList<QCPGraph *> groups(const ParameterEffectPlot &plot)
{
    QList<QCPGraph *> result;
    for (int i = 0; i < plot.plot()->graphCount(); ++i)
        if (plot.plot()->graph(i)->scatterStyle().shape() == QCPScatterStyle::ssDisc)
            result.append(plot.plot()->graph(i));
    return result;
}

inline int totalPoints(const ParameterEffectPlot &plot)
{
    int total = 0;
    for (const QCPGraph *graph : groups(plot))
        total += graph->dataCount();
    return total;
}

inline QCPGraph *groupNamed(const ParameterEffectPlot &plot, const QString &name)
{
    for (QCPGraph *graph : groups(plot))
        if (graph->name() == name)
            return graph;
    return nullptr;
}

inline QVector<ResultEvent> grid(std::size_t sizeIndex, double scale)
{
    QVector<ResultEvent> events;
    for (const double block : {256.0, 32.0, 128.0, 64.0})
        for (const double unroll : {4.0, 1.0, 2.0})
            events.append(
                result(block, unroll, scale * (1 + std::abs(block - 64) / 64 + unroll), sizeIndex));
    return events;
}

} // namespace plottest
