#include "energyplot.h"

#include "durationticker.h"
#include "plotpalette.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

// A fifth of a decade to spare on each side, so no point sits on a frame.
QCPRange paddedLogRange(double low, double high)
{
    if (!(low > 0) || !(high > 0) || !std::isfinite(low) || !std::isfinite(high))
        return {1e-6, 1};
    const double factor = std::pow(10.0, 0.2);
    return {low / factor, high * factor};
}

} // namespace

EnergyPlot::EnergyPlot(QWidget *parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setObjectName(QStringLiteral("energyPlot"));
    m_plot->setToolTip(tr("Each result's energy per launch against its median time; the front "
                          "joins the results no other one beats on both"));
    m_others = m_plot->addGraph();
    m_others->setName(tr("Results"));
    m_others->setLineStyle(QCPGraph::lsNone);
    m_others->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, seriesColor(0), Qt::NoBrush, 6));
    m_front = m_plot->addGraph();
    m_front->setName(tr("Time-energy front"));
    m_front->setPen(QPen(seriesColor(1), 1.5));
    m_front->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(1), seriesColor(1), 8));
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    DurationTicker::install(m_plot->xAxis);
    m_plot->xAxis->setLabel(tr("Median time"));
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    m_plot->yAxis->setNumberFormat(QStringLiteral("gb"));
    m_plot->yAxis->setLabel(tr("Energy per launch (J)"));
    m_plot->legend->setVisible(true);
    // Below and right of the most frugal result nothing can lie: the legend goes there.
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    applyPlotPalette(m_plot, palette());
    setMinimumSize(240, 200);
}

void EnergyPlot::setData(const EnergyTrade &trade)
{
    QVector<double> otherX, otherY, frontX, frontY;
    for (const EnergyPoint &point : trade.points) {
        if (point.onFront)
            continue;
        otherX.append(point.seconds);
        otherY.append(point.joules);
    }
    for (const std::size_t index : trade.front) { // fastest first: the line runs along it
        frontX.append(trade.points[index].seconds);
        frontY.append(trade.points[index].joules);
    }
    m_others->setData(otherX, otherY);
    m_front->setData(frontX, frontY, true);
    fitAxes(trade);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void EnergyPlot::fitAxes(const EnergyTrade &trade)
{
    double timeLow = HUGE_VAL, timeHigh = 0, energyLow = HUGE_VAL, energyHigh = 0;
    for (const EnergyPoint &point : trade.points) {
        timeLow = std::min(timeLow, point.seconds);
        timeHigh = std::max(timeHigh, point.seconds);
        energyLow = std::min(energyLow, point.joules);
        energyHigh = std::max(energyHigh, point.joules);
    }
    m_plot->xAxis->setRange(paddedLogRange(timeLow, timeHigh));
    m_plot->yAxis->setRange(paddedLogRange(energyLow, energyHigh));
}

int EnergyPlot::pointCount() const
{
    return m_others->dataCount() + m_front->dataCount();
}

int EnergyPlot::frontCount() const
{
    return m_front->dataCount();
}

void EnergyPlot::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPlotPalette(m_plot, palette());
}

} // namespace tb
