#include "timelineplot.h"

#include "densescattergraph.h"
#include "durationticker.h"
#include "models/statusicon.h"
#include "plotpalette.h"
#include "viewfollower.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

QString xAxisLabel(TimelineXAxis axis)
{
    return axis == TimelineXAxis::Seconds ? QObject::tr("seconds since start")
                                          : QObject::tr("evaluation #");
}

void styleAxes(QCustomPlot *plot)
{
    plot->xAxis->setLabel(xAxisLabel(TimelineXAxis::Evaluations));
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

// Points append in bulk (no sort) while keys grow. Evaluation numbers always do; seconds do as
// the session records them, but a stored run's clock may step back, and the graph must sort.
bool ascending(const QVector<double> &keys)
{
    return std::is_sorted(keys.cbegin(), keys.cend());
}

// The bar above the plot: what the x axis counts. A combo box rather than a pair of buttons:
// one Tab stop, and the arrow keys switch it.
QComboBox *makeXAxisControl(QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->addItem(QObject::tr("Evaluations"), int(TimelineXAxis::Evaluations));
    combo->addItem(QObject::tr("Seconds"), int(TimelineXAxis::Seconds));
    combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    combo->setObjectName(QStringLiteral("timelineXAxis"));
    combo->setAccessibleName(QObject::tr("Timeline x axis"));
    combo->setToolTip(QObject::tr("What the x axis counts: evaluations, in the order the run "
                                  "made them, or seconds since the run started.\nA live run "
                                  "leaves paused time out; a stored run counts from when its "
                                  "results were saved."));
    return combo;
}

} // namespace

TimelinePlot::TimelinePlot(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_xAxisControl(makeXAxisControl(this)),
      m_follower(new ViewFollower(m_plot)), m_replotTimer(new QTimer(this)), m_failures(m_plot)
{
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(4, 2, 4, 0);
    auto *label = new QLabel(tr("X axis:"), this);
    label->setBuddy(m_xAxisControl);
    bar->addWidget(label);
    bar->addWidget(m_xAxisControl);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(m_plot);
    connect(m_xAxisControl, &QComboBox::currentIndexChanged, this,
            [this](int index) { setXAxis(XAxis(m_xAxisControl->itemData(index).toInt())); });
    styleAxes(m_plot);
    applyPlotPalette(m_plot, palette());
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setToolTip(tr("Median time of each evaluated configuration, and the best so far;\n"
                          "failures as markers along the bottom, a shape per status.\n"
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
    m_failures.clear();
    m_sizeLabels.clear();
    m_pointCount = 0;
    m_evaluationCount = 0;
    m_maxSeconds = 0;
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
    return it == m_series.constEnd() ? std::nullopt : it->data.bestSoFar();
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

QCPGraph *TimelinePlot::failureGraph(ResultStatus status) const
{
    return m_failures.graph(status);
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

void TimelinePlot::setXAxis(XAxis axis)
{
    if (axis == m_xAxis)
        return;
    m_xAxis = axis;
    // Its signal comes back here, and stops at the check above.
    m_xAxisControl->setCurrentIndex(m_xAxisControl->findData(int(axis)));
    m_plot->xAxis->setLabel(xAxisLabel(axis));
    // Every point once, on its other key: a rebuild of 100,000 points costs a few ms, once per
    // click, so the series need not keep graph data for both axes.
    for (Series &series : m_series) {
        series.points->data()->clear();
        appendPoints(series, 0);
        updateBestLine(series);
    }
    m_failures.rekey(m_xAxis == XAxis::Seconds);
    m_follower->setFollows(true);
    m_dirty = true;
    replotIfDirty(); // the user asked: show it now, not at the next tick
}

void TimelinePlot::addResults(const QVector<ResultEvent> &batch)
{
    // Each size's points of one batch go to its graph in one go (where its first one starts),
    // so the graph appends a range instead of inserting point by point.
    QMap<std::size_t, qsizetype> firstAdded;
    for (const ResultEvent &event : batch) {
        const double x = ++m_evaluationCount;
        // A NaN would spoil the axis range for the rest of the run.
        const double seconds = std::isfinite(event.elapsedSeconds) ? event.elapsedSeconds : 0;
        m_maxSeconds = std::max(m_maxSeconds, seconds);
        if (event.result.status != ResultStatus::Ok)
            m_failures.add(event.result.status, x, seconds);
        if (!plotted(event))
            continue;
        const double time = event.result.summary.median;
        Series &series = seriesFor(event.sizeIndex);
        if (!firstAdded.contains(event.sizeIndex))
            firstAdded.insert(event.sizeIndex, series.data.size());
        series.data.append(x, seconds, time);
        m_minTime = m_pointCount == 0 ? time : std::min(m_minTime, time);
        m_maxTime = m_pointCount == 0 ? time : std::max(m_maxTime, time);
        ++m_pointCount;
    }
    for (auto it = firstAdded.cbegin(); it != firstAdded.cend(); ++it) {
        Series &series = m_series[it.key()];
        appendPoints(series, it.value());
        updateBestLine(series);
    }
    m_failures.flush(m_xAxis == XAxis::Seconds);
    m_dirty = m_dirty || !batch.isEmpty();
}

void TimelinePlot::appendPoints(Series &series, qsizetype from)
{
    QVector<double> keys, values;
    series.data.points(m_xAxis, from, keys, values);
    series.points->addData(keys, values, ascending(keys));
}

void TimelinePlot::updateBestLine(Series &series)
{
    QVector<double> keys, values;
    series.data.bestLine(m_xAxis, keys, values);
    series.best->setData(keys, values, true);
}

void TimelinePlot::fitView()
{
    // Some headroom on the log axis so points never sit on the frame, and on the x axis room
    // for a run's first few points (10 evaluations, 1 second).
    if (m_xAxis == XAxis::Seconds)
        m_plot->xAxis->setRange(0, std::max(1.0, m_maxSeconds * 1.02));
    else
        m_plot->xAxis->setRange(0, std::max(10.0, m_evaluationCount * 1.02));
    if (m_pointCount > 0)
        m_plot->yAxis->setRange(m_minTime / 1.5, m_maxTime * 1.5);
}

void TimelinePlot::replotIfDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    placeLegend(m_plot, !m_series.isEmpty() || !m_failures.isEmpty());
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
