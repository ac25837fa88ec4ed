#include "failuremarkers.h"

#include "densescattergraph.h"
#include "models/enginetext.h"
#include "models/statusicon.h"

#include <qcustomplot.h>

#include <algorithm>

namespace tb {

namespace {

constexpr double kStrip = 0.03; // the markers' height on the hidden [0, 1] axis

QCPScatterStyle::ScatterShape shapeOf(ResultStatus status)
{
    switch (status) {
    case ResultStatus::CompileError:
        return QCPScatterStyle::ssCross;
    case ResultStatus::InvalidLaunch:
        return QCPScatterStyle::ssTriangle;
    case ResultStatus::RuntimeError:
        return QCPScatterStyle::ssDiamond;
    case ResultStatus::Timeout:
        return QCPScatterStyle::ssSquare;
    case ResultStatus::WrongResult:
        return QCPScatterStyle::ssTriangleInverted;
    case ResultStatus::WorkerCrashed:
        return QCPScatterStyle::ssStar;
    default:
        return QCPScatterStyle::ssPlus;
    }
}

} // namespace

FailureMarkers::FailureMarkers(QCustomPlot *plot) : m_plot(plot)
{
    m_plot->yAxis2->setVisible(false);
    m_plot->yAxis2->setRange(0, 1);
}

QCPGraph *FailureMarkers::graph(ResultStatus status) const
{
    const auto it = m_marks.constFind(status);
    return it == m_marks.constEnd() ? nullptr : it->graph;
}

FailureMarkers::Marks &FailureMarkers::marksFor(ResultStatus status)
{
    if (auto it = m_marks.find(status); it != m_marks.end())
        return *it;
    Marks marks;
    // Stamped like the points: a run can fail tens of thousands of times (invalid launches).
    marks.graph = new DenseScatterGraph(m_plot->xAxis, m_plot->yAxis2);
    marks.graph->setLineStyle(QCPGraph::lsNone);
    const QColor color = statusColor(status);
    marks.graph->setScatterStyle(QCPScatterStyle(shapeOf(status), color, color, 7));
    return *m_marks.insert(status, marks);
}

void FailureMarkers::add(ResultStatus status, double evaluation, double seconds)
{
    Marks &marks = marksFor(status);
    marks.evaluations.append(evaluation);
    marks.seconds.append(seconds);
    ++m_count;
}

// The status's markers not yet drawn, appended in bulk as the points are; the legend names
// the status and its count.
void FailureMarkers::append(ResultStatus status, Marks &marks, bool bySeconds)
{
    const QVector<double> &all = bySeconds ? marks.seconds : marks.evaluations;
    const QVector<double> keys = all.mid(marks.flushed);
    if (!keys.isEmpty())
        marks.graph->addData(keys, QVector<double>(keys.size(), kStrip),
                             std::is_sorted(keys.cbegin(), keys.cend()));
    marks.flushed = all.size();
    marks.graph->setName(QStringLiteral("%1 (%2)").arg(resultStatusText(status)).arg(all.size()));
}

void FailureMarkers::flush(bool bySeconds)
{
    for (auto it = m_marks.begin(); it != m_marks.end(); ++it)
        if (it->flushed < it->evaluations.size())
            append(it.key(), *it, bySeconds);
}

void FailureMarkers::rekey(bool bySeconds)
{
    for (auto it = m_marks.begin(); it != m_marks.end(); ++it) {
        it->graph->data()->clear();
        it->flushed = 0;
        append(it.key(), *it, bySeconds);
    }
}

void FailureMarkers::clear()
{
    m_marks.clear();
    m_count = 0;
}

} // namespace tb
