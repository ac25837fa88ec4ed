#include "timelineplot.h"

#include <qcustomplot.h>

#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace tb {

namespace {

const QColor kPalette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e),
                           QColor(0x2c, 0xa0, 0x2c), QColor(0xd6, 0x27, 0x28),
                           QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b)};

void styleAxes(QCustomPlot *plot)
{
    plot->xAxis->setLabel(QObject::tr("evaluation #"));
    plot->yAxis->setLabel(QObject::tr("median time (s)"));
    plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    plot->yAxis->setTicker(ticker);
    plot->yAxis->setNumberFormat(QStringLiteral("eb"));
    plot->yAxis->setNumberPrecision(0);
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

} // namespace

TimelinePlot::TimelinePlot(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_replotTimer(new QTimer(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    styleAxes(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
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

TimelinePlot::Series &TimelinePlot::seriesFor(std::size_t sizeIndex)
{
    if (auto it = m_series.find(sizeIndex); it != m_series.end())
        return *it;
    const QColor color = kPalette[m_series.size() % std::size(kPalette)];
    const QString label = m_sizeLabels.value(sizeIndex, tr("size %1").arg(sizeIndex + 1));
    Series series;
    series.points = m_plot->addGraph();
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
    for (const ResultEvent &event : batch) {
        const double x = ++m_evaluationCount;
        const double time = event.result.summary.median;
        if (event.result.status != ResultStatus::Ok || event.result.summary.count == 0 ||
            !(time > 0))
            continue;
        Series &series = seriesFor(event.sizeIndex);
        series.points->addData(x, time);
        if (series.best->dataCount() == 0 || time < series.bestSoFar)
            series.bestSoFar = time;
        series.best->addData(x, series.bestSoFar);
        ++m_pointCount;
    }
    m_dirty = true;
}

void TimelinePlot::replotIfDirty()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    placeLegend(m_plot, !m_series.isEmpty());
    // Fit the data, with some headroom on the log axis so points never sit on the frame.
    if (m_pointCount > 0) {
        m_plot->rescaleAxes();
        m_plot->xAxis->setRange(0, std::max(10.0, m_evaluationCount * 1.02));
        const QCPRange y = m_plot->yAxis->range();
        m_plot->yAxis->setRange(y.lower / 1.5, y.upper * 1.5);
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace tb
