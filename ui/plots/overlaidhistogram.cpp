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

// A time axis (or one configuration's samples) spanning more than this ratio is logarithmic: a
// 10x slower config would otherwise squeeze every other distribution into a sliver.
constexpr double kLogBinsRatio = 10;

// Square-root rule, bounded: a few samples still make a shape.
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
          tr("Far outliers would squeeze a distribution into one bin: they are counted in "
             "its first or last bin instead."),
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

int OverlaidHistogram::binCount(int series) const
{
    const QVector<double> edges = binEdges(series);
    return edges.isEmpty() ? 0 : int(edges.size()) - 1;
}

int OverlaidHistogram::beyondRangeCount() const
{
    int total = 0;
    for (const Bins &bins : m_bins)
        total += bins.beyond.total();
    return total;
}

OverlaidHistogram::Bins OverlaidHistogram::binSeries(const std::vector<double> &samples)
{
    Bins bins;
    bins.range.include(samples);
    if (!bins.range.valid)
        return bins;
    bins.beyond = bins.range.beyond(samples);
    const int count = binsFor(samples.size(), 1);
    double low = bins.range.low;
    double high = bins.range.high;
    if (high <= low) { // every sample equal: bins of some width around the value stay visible
        const double width = std::max(std::abs(low) * 0.01, 1e-12);
        low -= width * count / 2.0;
        high = low + width * count;
    }
    bins.logarithmic = low > 0 && high / low > kLogBinsRatio;
    for (int i = 0; i <= count; ++i) {
        const double t = double(i) / count;
        bins.edges << (bins.logarithmic ? low * std::pow(high / low, t) : low + t * (high - low));
    }
    // Samples beyond the edges (outliers) fall into the end bins.
    bins.counts.fill(0, count);
    for (const double sample : samples) {
        const auto bin = std::upper_bound(bins.edges.begin(), bins.edges.end(), sample);
        bins.counts[std::clamp(int(bin - bins.edges.begin()) - 1, 0, count - 1)] += 1;
    }
    return bins;
}

void OverlaidHistogram::computeBins()
{
    m_bins.clear();
    double low = 0;
    double high = 0;
    bool any = false;
    for (const Series &series : m_series) {
        m_bins << binSeries(series.samples);
        const Bins &bins = m_bins.last();
        if (bins.edges.isEmpty())
            continue;
        low = any ? std::min(low, bins.edges.first()) : bins.edges.first();
        high = any ? std::max(high, bins.edges.last()) : bins.edges.last();
        any = true;
    }
    m_logarithmic = any && low > 0 && high / low > kLogBinsRatio;
    describeBeyond();
}

// Which end bins took samples beyond their configuration's bulk, per configuration.
void OverlaidHistogram::describeBeyond()
{
    QStringList notes;
    for (int s = 0; s < m_bins.size(); ++s) {
        const QString note = beyondRangeNote(m_bins.at(s).range, m_bins.at(s).beyond);
        if (!note.isEmpty())
            notes << (m_bins.size() > 1 ? m_series.at(s).name + QStringLiteral(": ") : QString()) +
                         note;
    }
    m_note->showText(notes.join(QStringLiteral("; ")));
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
        const Bins &bins = m_bins.at(s);
        if (series.samples.empty() || bins.edges.isEmpty())
            continue;
        // Points at the bin centres; a zero point beyond each end closes the outline at the
        // outer edges (the step sits halfway between points, on the bin edge).
        const QVector<double> &edges = bins.edges;
        const auto centre = [&bins, &edges](int i) {
            return bins.logarithmic ? std::sqrt(edges[i] * edges[i + 1])
                                    : (edges[i] + edges[i + 1]) / 2;
        };
        const auto mirror = [&bins](double edge, double c) {
            return bins.logarithmic ? edge * edge / c : 2 * edge - c;
        };
        const int count = int(bins.counts.size());
        const double scale = m_normalized ? 1.0 / double(series.samples.size()) : 1.0;
        QVector<double> keys{mirror(edges.first(), centre(0))};
        QVector<double> values{0};
        for (int i = 0; i < count; ++i) {
            keys << centre(i);
            values << bins.counts[i] * scale;
        }
        keys << mirror(edges.last(), centre(count - 1));
        values << 0;
        graph->setData(keys, values, true);
    }
}

void OverlaidHistogram::updateAxes()
{
    QCPAxis *x = m_plot->xAxis;
    m_plot->yAxis->setLabel(m_normalized ? tr("fraction of samples") : tr("samples"));
    m_plot->legend->setVisible(seriesCount() > 0);
    double first = 0;
    double last = 0;
    double pad = 0; // half of the widest bin (linear axis), or its ratio's square root (log)
    bool any = false;
    for (const Bins &bins : m_bins) {
        if (bins.edges.isEmpty())
            continue;
        const int count = int(bins.counts.size());
        first = any ? std::min(first, bins.edges.first()) : bins.edges.first();
        last = any ? std::max(last, bins.edges.last()) : bins.edges.last();
        pad = std::max(pad, m_logarithmic
                                ? std::pow(bins.edges.last() / bins.edges.first(), 0.5 / count)
                                : (bins.edges.last() - bins.edges.first()) / count / 2);
        any = true;
    }
    x->setTickLabels(any);
    if (!any) {
        x->setScaleType(QCPAxis::stLinear);
        x->setRange(0, 1);
        m_plot->yAxis->setRange(0, 1);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    x->setScaleType(m_logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (m_logarithmic)
        x->setRange(first / pad, last * pad);
    else
        x->setRange(first - pad, last + pad);
    double top = 0;
    for (int s = 0; s < m_bins.size(); ++s) {
        const double scale = m_normalized && !m_series.at(s).samples.empty()
                                 ? 1.0 / double(m_series.at(s).samples.size())
                                 : 1.0;
        for (const double count : m_bins.at(s).counts)
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
