#include "rooflineplot.h"

#include "plotpalette.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

constexpr double kGiga = 1e9; // the y axis reads GFLOP/s

void useLogAxis(QCPAxis *axis, const QString &label)
{
    axis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setLabel(label);
}

QCPGraph *scatter(QCustomPlot *plot, const QColor &color, QCPScatterStyle::ScatterShape shape,
                  const QString &name)
{
    QCPGraph *graph = plot->addGraph();
    graph->setLineStyle(QCPGraph::lsNone);
    graph->setScatterStyle(QCPScatterStyle(shape, color, color, 6));
    graph->setName(name);
    return graph;
}

} // namespace

RooflinePlot::RooflinePlot(QWidget *parent) : QWidget(parent), m_plot(new QCustomPlot(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setObjectName(QStringLiteral("rooflinePlot"));
    m_plot->setToolTip(tr("Each result's achieved GFLOP/s against its arithmetic intensity "
                          "(its FLOP metric over its byte metric), under the device's roofs"));
    m_roof = m_plot->addGraph();
    m_roof->setName(tr("Roofs"));
    m_roof->setPen(QPen(palette().color(QPalette::Text), 2));
    m_below = scatter(m_plot, seriesColor(0), QCPScatterStyle::ssDisc, tr("Results"));
    m_above = scatter(m_plot, seriesColor(1), QCPScatterStyle::ssTriangle,
                      tr("Above the DRAM roof (likely L2-resident)"));
    m_plot->legend->setVisible(true);
    useAxes(RoofPlacement::Intensity);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    applyPlotPalette(m_plot, palette());
    setMinimumSize(240, 200);
}

void RooflinePlot::useAxes(RoofPlacement placement)
{
    m_placement = placement;
    const bool compute = placement == RoofPlacement::ComputeRoof;
    if (compute || placement == RoofPlacement::BandwidthRoof) {
        m_plot->xAxis->setScaleType(QCPAxis::stLinear);
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        m_plot->xAxis->setNumberFormat(QStringLiteral("g"));
        m_plot->xAxis->setLabel(compute ? tr("Results, best first, against the compute roof (no "
                                             "byte metric: no arithmetic intensity)")
                                        : tr("Results, best first, against the bandwidth roof "
                                             "(no FLOP metric: no arithmetic intensity)"));
        useLogAxis(m_plot->yAxis, compute ? tr("Achieved GFLOP/s") : tr("Achieved GB/s"));
        m_above->setName(compute ? tr("Above the compute roof")
                                 : tr("Above the DRAM roof (likely L2-resident)"));
        // The best come first, top left: the legend goes where the worst are not.
        m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignLeft);
        return;
    }
    useLogAxis(m_plot->xAxis, tr("Arithmetic intensity (FLOP/byte)"));
    useLogAxis(m_plot->yAxis, tr("Achieved GFLOP/s"));
    m_above->setName(tr("Above the DRAM roof (likely L2-resident)"));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

void RooflinePlot::setData(const std::vector<RooflinePoint> &points, const DevicePeaks &peaks,
                           RoofPlacement placement)
{
    if (placement != m_placement)
        useAxes(placement);
    if (placement == RoofPlacement::ComputeRoof || placement == RoofPlacement::BandwidthRoof) {
        setOneRoofData(points, peaks);
        return;
    }
    QVector<double> belowX, belowY, aboveX, aboveY;
    for (const RooflinePoint &point : points) {
        auto &x = point.aboveDramRoof ? aboveX : belowX;
        auto &y = point.aboveDramRoof ? aboveY : belowY;
        x.append(point.intensity);
        y.append(point.flopsPerSecond / kGiga);
    }
    m_below->setData(belowX, belowY);
    m_above->setData(aboveX, aboveY);
    fitAxes(points, peaks);
    drawRoofs(peaks);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

// Both axes span every point and the ridge, with a decade to spare on each side of x.
void RooflinePlot::fitAxes(const std::vector<RooflinePoint> &points, const DevicePeaks &peaks)
{
    double xLow = HUGE_VAL, xHigh = 0, yLow = HUGE_VAL, yHigh = 0;
    for (const RooflinePoint &point : points) {
        xLow = std::min(xLow, point.intensity);
        xHigh = std::max(xHigh, point.intensity);
        yLow = std::min(yLow, point.flopsPerSecond);
        yHigh = std::max(yHigh, point.flopsPerSecond);
    }
    if (const auto ridge = ridgeIntensity(peaks)) {
        xLow = std::min(xLow, *ridge);
        xHigh = std::max(xHigh, *ridge);
    }
    if (peaks.flopsPerSecond)
        yHigh = std::max(yHigh, *peaks.flopsPerSecond);
    if (xHigh <= 0) { // nothing to show: a decade either side of 1 FLOP/byte
        xLow = 1;
        xHigh = 1;
    }
    m_xLow = xLow / 10;
    m_xHigh = xHigh * 10;
    if (const auto roof = roofAt(m_xLow, peaks))
        yLow = std::min(yLow, *roof);
    if (yHigh <= 0) {
        yLow = kGiga;
        yHigh = kGiga;
    }
    m_plot->xAxis->setRange(m_xLow, m_xHigh);
    m_plot->yAxis->setRange(yLow / kGiga / 2, yHigh / kGiga * 2);
}

// The roof is min(peak FLOP/s, intensity x bandwidth): straight on log-log axes, so its ends
// and the ridge between them draw it exactly.
void RooflinePlot::drawRoofs(const DevicePeaks &peaks)
{
    QVector<double> x, y;
    const auto add = [&](double intensity) {
        if (const auto roof = roofAt(intensity, peaks)) {
            x.append(intensity);
            y.append(*roof / kGiga);
        }
    };
    add(m_xLow);
    if (const auto ridge = ridgeIntensity(peaks); ridge && *ridge > m_xLow && *ridge < m_xHigh)
        add(*ridge);
    add(m_xHigh);
    m_roof->setData(x, y, true);
}

// One dimension: each result's rate, best first, under the flat roof of the peak it has.
void RooflinePlot::setOneRoofData(const std::vector<RooflinePoint> &points,
                                  const DevicePeaks &peaks)
{
    const bool compute = m_placement == RoofPlacement::ComputeRoof;
    const auto rateOf = [compute](const RooflinePoint &point) {
        return (compute ? point.flopsPerSecond : point.bytesPerSecond) / kGiga;
    };
    std::vector<RooflinePoint> sorted = points;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](const auto &a, const auto &b) { return rateOf(a) > rateOf(b); });
    QVector<double> belowX, belowY, aboveX, aboveY;
    double yLow = HUGE_VAL, yHigh = 0;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const bool above = compute ? sorted[i].aboveComputeRoof : sorted[i].aboveDramRoof;
        (above ? aboveX : belowX).append(double(i + 1));
        (above ? aboveY : belowY).append(rateOf(sorted[i]));
        yLow = std::min(yLow, rateOf(sorted[i]));
        yHigh = std::max(yHigh, rateOf(sorted[i]));
    }
    m_below->setData(belowX, belowY);
    m_above->setData(aboveX, aboveY);
    const std::optional<double> peak = compute ? peaks.flopsPerSecond : peaks.bytesPerSecond;
    m_xLow = 0;
    m_xHigh = double(std::max<std::size_t>(sorted.size(), 1)) + 1;
    QVector<double> roofX, roofY;
    if (peak) {
        roofX = {m_xLow, m_xHigh};
        roofY = {*peak / kGiga, *peak / kGiga};
        yLow = std::min(yLow, *peak / kGiga);
        yHigh = std::max(yHigh, *peak / kGiga);
    }
    m_roof->setData(roofX, roofY, true);
    if (yHigh <= 0) {
        yLow = 1;
        yHigh = 1;
    }
    m_plot->xAxis->setRange(m_xLow, m_xHigh);
    m_plot->yAxis->setRange(yLow / 2, yHigh * 2);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int RooflinePlot::pointCount() const
{
    return m_below->dataCount() + m_above->dataCount();
}

int RooflinePlot::aboveRoofCount() const
{
    return m_above->dataCount();
}

int RooflinePlot::roofVertexCount() const
{
    return m_roof->dataCount();
}

void RooflinePlot::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPlotPalette(m_plot, palette());
        m_roof->setPen(QPen(palette().color(QPalette::Text), 2));
    }
}

} // namespace tb
