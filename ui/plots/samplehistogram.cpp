#include "samplehistogram.h"

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

// Square-root rule, bounded: a few samples still make a readable shape, many stay legible.
int binsFor(std::size_t count)
{
    return std::clamp(int(std::ceil(std::sqrt(double(count)))), 1, 30);
}

} // namespace

SampleHistogram::SampleHistogram(QWidget *parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)),
      m_bars(new QCPBars(m_plot->xAxis, m_plot->yAxis)),
      m_note(new HistogramNote(
          tr("Far outliers would squeeze every other sample into one bin: they are "
             "counted in the first or last bin instead."),
          this))
{
    m_note->placeUnder(m_plot, this);
    m_plot->xAxis->setLabel(tr("sample time"));
    m_plot->yAxis->setLabel(tr("count"));
    DurationTicker::install(m_plot->xAxis);
    m_bars->setPen(QPen(seriesColor(0).darker(130)));
    QColor fill = seriesColor(0);
    fill.setAlpha(170);
    m_bars->setBrush(fill);
    m_bars->setWidthType(QCPBars::wtPlotCoords);
    applyPlotPalette(m_plot, palette());
    setMinimumSize(200, 140);
    setSamples({});
}

void SampleHistogram::setSamples(const std::vector<double> &samples)
{
    m_bars->data()->clear();
    m_range = HistogramRange();
    m_range.include(samples);
    m_beyond = m_range.beyond(samples);
    m_note->describe(m_range, m_beyond);
    m_plot->xAxis->setTickLabels(m_range.valid);
    if (!m_range.valid) {
        m_plot->xAxis->setRange(0, 1);
        m_plot->yAxis->setRange(0, 1);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const double low = m_range.low;
    const int bins = binsFor(samples.size());
    // One bin of some width around a constant series, so the bar is visible.
    const double width =
        m_range.high > low ? (m_range.high - low) / bins : std::max(std::abs(low) * 0.01, 1e-12);
    QVector<double> centers(bins), counts(bins, 0);
    for (int i = 0; i < bins; ++i)
        centers[i] = low + (i + 0.5) * width;
    for (const double sample : samples)
        if (std::isfinite(sample)) // beyond the range: the end bins
            counts[std::clamp(int(std::floor((sample - low) / width)), 0, bins - 1)] += 1;
    m_bars->setWidth(width * 0.9);
    m_bars->setData(centers, counts, true);
    m_plot->xAxis->setRange(low - width, low + (bins + 1) * width);
    m_plot->yAxis->setRange(0, *std::max_element(counts.begin(), counts.end()) * 1.15);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int SampleHistogram::binCount() const
{
    return m_bars->dataCount();
}

int SampleHistogram::sampleCount() const
{
    double sum = 0;
    for (const double count : counts())
        sum += count;
    return int(std::lround(sum));
}

QVector<double> SampleHistogram::counts() const
{
    QVector<double> result;
    for (auto it = m_bars->data()->constBegin(); it != m_bars->data()->constEnd(); ++it)
        result.append(it->value);
    return result;
}

QString SampleHistogram::note() const
{
    return m_note->shownText();
}

void SampleHistogram::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPlotPalette(m_plot, palette());
    QWidget::changeEvent(event);
}

} // namespace tb
