#include "timelineplot.h"

#include "densescattergraph.h"
#include "durationticker.h"
#include "plotpalette.h"
#include "viewfollower.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

void styleAxes(QCustomPlot *plot)
{
    plot->xAxis->setLabel(QObject::tr("evaluation #"));
    plot->yAxis->setLabel(QObject::tr("median time"));
    plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    DurationTicker::install(plot->yAxis); // "800 µs", "1 ms", "2 ms"
    plot->yAxis->grid()->setSubGridVisible(true);
    plot->xAxis->setRange(0, 10);
    plot->yAxis->setRange(1e-6, 1e-2);
    plot->legend->setVisible(false);
    plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setMargins(QMargins(4, 0, 4, 2));
}

// The legend sits in a row under the axis rect, where it never hides points. It stays hidden
// in the axis rect's inset while empty: an empty legend row squeezes the axis rect.
void placeLegend(QCustomPlot *plot, bool belowPlot)
{
    QCPLegend *legend = plot->legend;
    if (belowPlot == (legend->layout() == plot->plotLayout()))
        return;
    legend->layout()->take(legend);
    if (belowPlot) {
        plot->plotLayout()->addElement(1, 0, legend);
        plot->plotLayout()->setRowStretchFactor(1, 0.001);
    } else {
        plot->plotLayout()->simplify();
        plot->axisRect()->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    }
    legend->setVisible(belowPlot);
}

bool plotted(const ResultEvent &event)
{
    return event.result.status == ResultStatus::Ok && event.result.summary.count > 0 &&
           event.result.summary.median > 0 && std::isfinite(event.result.summary.median);
}

} // namespace

TimelinePlot::TimelinePlot(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_follower(new ViewFollower(m_plot)),
      m_replotTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    styleAxes(m_plot);
    applyPlotPalette(m_plot, palette());
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setToolTip(tr("Median time of each evaluated configuration, and the best so far.\n"
                          "Drag to pan, wheel to zoom; double-click to follow the run again."));
    connect(m_follower, &ViewFollower::followRequested, this, [this] {
        m_dirty = true;
        replotIfDirty();
    });
    m_replotTimer->setInterval(100);
    connect(m_replotTimer, &QTimer::timeout, this, &TimelinePlot::replotIfDirty);
    m_replotTimer->start();
}

void TimelinePlot::clear()
{
    m_plot->clearGraphs();
    m_series.clear();
    m_sizeLabels.clear();
    m_pointCount = 0;
    m_evaluationCount = 0;
    m_minTime = m_maxTime = 0;
    m_follower->setFollows(true);
    m_dirty = true;
}

void TimelinePlot::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_sizeLabels.insert(sizeIndex, label);
    if (auto it = m_series.find(sizeIndex); it != m_series.end()) {
        it->points->setName(label);
        it->best->setName(tr("best %1").arg(label));
        m_dirty = true;
    }
}

std::optional<double> TimelinePlot::bestSoFar(std::size_t sizeIndex) const
{
    const auto it = m_series.constFind(sizeIndex);
    return it == m_series.constEnd() ? std::nullopt : std::optional<double>(it->bestSoFar);
}

bool TimelinePlot::followsData() const
{
    return m_follower->follows();
}

QCPGraph *TimelinePlot::pointsGraph(std::size_t sizeIndex) const
{
    const auto it = m_series.constFind(sizeIndex);
    return it == m_series.constEnd() ? nullptr : it->points;
}

QCPGraph *TimelinePlot::bestGraph(std::size_t sizeIndex) const
{
    const auto it = m_series.constFind(sizeIndex);
    return it == m_series.constEnd() ? nullptr : it->best;
}

TimelinePlot::Series &TimelinePlot::seriesFor(std::size_t sizeIndex)
{
    if (auto it = m_series.find(sizeIndex); it != m_series.end())
        return *it;
    const QColor color = seriesColor(std::size_t(m_series.size()));
    const QString label = m_sizeLabels.value(sizeIndex, tr("size %1").arg(sizeIndex + 1));
    Series series;
    series.points = new DenseScatterGraph(m_plot->xAxis, m_plot->yAxis);
    series.points->setName(label);
    series.points->setLineStyle(QCPGraph::lsNone);
    QColor faded = color;
    faded.setAlpha(150);
    series.points->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, faded, faded, 4));
    series.best = m_plot->addGraph();
    series.best->setName(tr("best %1").arg(label));
    series.best->setLineStyle(QCPGraph::lsStepLeft);
    series.best->setPen(QPen(color.darker(120), 2));
    return *m_series.insert(sizeIndex, series);
}

void TimelinePlot::addResults(const QVector<ResultEvent> &batch)
{
    // Points of one batch, per size, appended in one go: keys only grow, so each append is a
    // plain vector append instead of a sorted insert per point.
    QMap<std::size_t, QPair<QVector<double>, QVector<double>>> added;
    for (const ResultEvent &event : batch) {
        const double x = ++m_evaluationCount;
        if (!plotted(event))
            continue;
        const double time = event.result.summary.median;
        Series &series = seriesFor(event.sizeIndex);
        auto &[keys, values] = added[event.sizeIndex];
        keys.append(x);
        values.append(time);
        if (series.bestKeys.isEmpty() || time < series.bestSoFar) {
            series.bestSoFar = time;
            series.bestKeys.append(x);
            series.bestValues.append(time);
        }
        series.lastKey = x;
        m_minTime = m_pointCount == 0 ? time : std::min(m_minTime, time);
        m_maxTime = m_pointCount == 0 ? time : std::max(m_maxTime, time);
        ++m_pointCount;
    }
    for (auto it = added.cbegin(); it != added.cend(); ++it) {
        Series &series = m_series[it.key()];
        series.points->addData(it->first, it->second, true);
        updateBestLine(series);
    }
    m_dirty = m_dirty || !batch.isEmpty();
}

// The step line needs only the points where the best changed, and one at the series' last
// evaluation so the line reaches it: a few dozen points instead of one per result.
void TimelinePlot::updateBestLine(Series &series)
{
    QVector<double> keys = series.bestKeys;
    QVector<double> values = series.bestValues;
    if (series.lastKey > keys.last()) {
        keys.append(series.lastKey);
        values.append(series.bestSoFar);
    }
    series.best->setData(keys, values, true);
}

void TimelinePlot::fitView()
{
    // Some headroom on the log axis so points never sit on the frame.
    m_plot->xAxis->setRange(0, std::max(10.0, m_evaluationCount * 1.02));
    if (m_pointCount > 0)
        m_plot->yAxis->setRange(m_minTime / 1.5, m_maxTime * 1.5);
}

void TimelinePlot::replotIfDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    placeLegend(m_plot, !m_series.isEmpty());
    if (m_follower->follows())
        fitView();
    // A hidden plot (another page or tab in front) keeps its data and draws when shown.
    if (isVisible())
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimelinePlot::showEvent(QShowEvent *event)
{
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    QWidget::showEvent(event);
}

void TimelinePlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyPlotPalette(m_plot, palette());
        m_plot->legend->setBorderPen(Qt::NoPen);
    }
    QWidget::changeEvent(event);
}

} // namespace tb
