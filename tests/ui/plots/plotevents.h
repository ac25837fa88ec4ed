#pragma once

#include "run/sessionevents.h"

#include <qcustomplot.h>

#include <QVector>

#include <cstddef>
#include <string>

// What the plot suites feed their plots (results as the session reports them) and read back
// (a graph's points).
namespace plottest {

// A result measured over five samples with `median` seconds, of problem size `sizeIndex`.
inline tb::ResultEvent measured(double median, std::size_t sizeIndex = 0)
{
    tb::ResultEvent event;
    event.sizeIndex = sizeIndex;
    event.configKey = "BLOCK=" + std::to_string(median);
    event.result.summary.median = median;
    event.result.summary.count = 5;
    return event;
}

// An evaluation that failed before anything was measured (it did not compile).
inline tb::ResultEvent failed(std::size_t sizeIndex = 0)
{
    tb::ResultEvent event;
    event.sizeIndex = sizeIndex;
    event.result.status = tb::ResultStatus::CompileError;
    event.result.message = "error: identifier undefined";
    return event;
}

// The graph's keys (x), in order.
inline QVector<double> keys(const QCPGraph *graph)
{
    QVector<double> result;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        result.append(it->key);
    return result;
}

// The graph's values (y), in key order.
inline QVector<double> values(const QCPGraph *graph)
{
    QVector<double> result;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        result.append(it->value);
    return result;
}

} // namespace plottest
