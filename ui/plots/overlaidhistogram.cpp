#include "overlaidhistogram.h"

#include "durationticker.h"
#include "histogramnote.h"
#include "plotpalette.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

// Samples spread over more than this ratio are binned on a log scale: a 10x slower config
// would otherwise squeeze every other distribution into one bin.
constexpr double kLogBinsRatio = 10;

// Square-root rule on the typical series, bounded: a few samples still make a shape.
int binsFor(std::size_t total, int series)
{
    return std::clamp(int(std::ceil(std::sqrt(double(total) / std::max(1, series)))), 5, 40);
}

// The legend sits over the top right corner: the distributions show through it.
void translucentLegend(QCustomPlot *plot)
{
    QColor base = plot->legend->brush().color();
    base.setAlpha(190);
    plot->legend->setBrush(base);
}

} // namespace

OverlaidHistogram::OverlaidHistogram(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)),
      m_note(new HistogramNote(
          tr("Far outliers would squeeze every distribution into one bin: they are "
             "counted in the first or last bin instead."),
          this))
{
    m_note->placeUnder(m_plot, this);
    m_plot->xAxis->setLabel(tr("sample time"));
    DurationTicker::install(m_plot->xAxis);
    m_plot->legend->setFont(font());
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    applyPlotPalette(m_plot, palette());
    setMinimumSize(240, 160);
    translucentLegend(m_plot);
    updateAxes();
}

void OverlaidHistogram::setSeries(const QVector<Series> &series)
{
    m_series = series;
    computeBins();
    rebuildGraphs();
    updateAxes();
}

void OverlaidHistogram::clear()
{
    setSeries({});
}

void OverlaidHistogram::setNormalized(bool normalized)
{
    if (normalized == m_normalized)
        return;
    m_normalized = normalized;
    rebuildGraphs();
    updateAxes();
}

void OverlaidHistogram::setStyle(Style style)
{
    if (style == m_style)
        return;
    m_style = style;
    rebuildGraphs();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int OverlaidHistogram::seriesCount() const
{
    return m_plot->graphCount();
}

QString OverlaidHistogram::seriesName(int series) const
{
    return m_plot->graph(series)->name();
}

QColor OverlaidHistogram::seriesColor(int series) const
{
    return m_plot->graph(series)->pen().color();
}

QString OverlaidHistogram::note() const
{
    return m_note->shownText();
}

void OverlaidHistogram::computeBins()
{
    m_edges.clear();
    m_counts = QVector<QVector<double>>(m_series.size());
    m_logarithmic = false;
    m_range = HistogramRange();
    m_beyond = {};
    std::size_t total = 0;
    int withSamples = 0;
    for (const Series &series : m_series) {
        m_range.include(series.samples);
        total += series.samples.size();
        withSamples += series.samples.empty() ? 0 : 1;
    }
    for (const Series &series : m_series) {
        const HistogramRange::Beyond beyond = m_range.beyond(series.samples);
        m_beyond.below += beyond.below;
        m_beyond.above += beyond.above;
    }
    m_note->describe(m_range, m_beyond);
    if (withSamples == 0 || !m_range.valid)
        return;
    const int bins = binsFor(total, withSamples);
    double low = m_range.low;
    double high = m_range.high;
    if (high <= low) { // every sample equal: bins of some width around the value stay visible
        const double width = std::max(std::abs(low) * 0.01, 1e-12);
        low -= width * bins / 2.0;
        high = low + width * bins;
    }
    m_logarithmic = low > 0 && high / low > kLogBinsRatio;
    for (int i = 0; i <= bins; ++i) {
        const double t = double(i) / bins;
        m_edges << (m_logarithmic ? low * std::pow(high / low, t) : low + t * (high - low));
    }
    // Samples beyond the edges (outliers) fall into the end bins.
    for (int s = 0; s < m_series.size(); ++s) {
        QVector<double> &counts = m_counts[s];
        counts.fill(0, bins);
        for (const double sample : m_series.at(s).samples) {
            const auto bin = std::upper_bound(m_edges.begin(), m_edges.end(), sample);
            counts[std::clamp(int(bin - m_edges.begin()) - 1, 0, bins - 1)] += 1;
        }
    }
}

void OverlaidHistogram::rebuildGraphs()
{
    m_plot->clearGraphs();
    for (int s = 0; s < m_series.size(); ++s) {
        const Series &series = m_series.at(s);
        QCPGraph *graph = m_plot->addGraph();
        const QColor color = tb::seriesColor(std::size_t(s));
        graph->setName(series.samples.empty() ? tr("%1 (no samples)").arg(series.name)
                                              : series.name);
        graph->setLineStyle(QCPGraph::lsStepCenter);
        graph->setPen(QPen(color, 1.6));
        QColor fill = color;
        fill.setAlpha(55);
        graph->setBrush(m_style == Style::Filled ? QBrush(fill) : QBrush(Qt::NoBrush));
        if (series.samples.empty() || m_edges.isEmpty())
            continue;
        // Points at the bin centres; a zero point beyond each end closes the outline at the
        // outer edges (the step sits halfway between points, on the bin edge).
        const auto centre = [this](int i) {
            return m_logarithmic ? std::sqrt(m_edges[i] * m_edges[i + 1])
                                 : (m_edges[i] + m_edges[i + 1]) / 2;
        };
        const auto mirror = [this](double edge, double c) {
            return m_logarithmic ? edge * edge / c : 2 * edge - c;
        };
        const int bins = binCount();
        const double scale = m_normalized ? 1.0 / double(series.samples.size()) : 1.0;
        QVector<double> keys{mirror(m_edges.first(), centre(0))};
        QVector<double> values{0};
        for (int i = 0; i < bins; ++i) {
            keys << centre(i);
            values << m_counts[s][i] * scale;
        }
        keys << mirror(m_edges.last(), centre(bins - 1));
        values << 0;
        graph->setData(keys, values, true);
    }
}

void OverlaidHistogram::updateAxes()
{
    QCPAxis *x = m_plot->xAxis;
    m_plot->yAxis->setLabel(m_normalized ? tr("fraction of samples") : tr("samples"));
    m_plot->legend->setVisible(seriesCount() > 0);
    x->setTickLabels(!m_edges.isEmpty());
    if (m_edges.isEmpty()) {
        x->setScaleType(QCPAxis::stLinear);
        x->setRange(0, 1);
        m_plot->yAxis->setRange(0, 1);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    x->setScaleType(m_logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    const double first = m_edges.first();
    const double last = m_edges.last();
    if (m_logarithmic) {
        const double ratio = std::pow(last / first, 0.5 / binCount());
        x->setRange(first / ratio, last * ratio);
    } else {
        const double pad = (last - first) / binCount() / 2;
        x->setRange(first - pad, last + pad);
    }
    double top = 0;
    for (int s = 0; s < m_counts.size(); ++s) {
        const double scale = m_normalized && !m_series.at(s).samples.empty()
                                 ? 1.0 / double(m_series.at(s).samples.size())
                                 : 1.0;
        for (const double count : m_counts.at(s))
            top = std::max(top, count * scale);
    }
    // Headroom for the legend in the top right corner.
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.3 : 1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OverlaidHistogram::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyPlotPalette(m_plot, palette());
        translucentLegend(m_plot);
    }
    QWidget::changeEvent(event);
}

} // namespace tb
