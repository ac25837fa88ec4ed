#include "samplehistogram.h"

#include "models/durationformat.h"

#include <qcustomplot.h>

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
      m_bars(new QCPBars(m_plot->xAxis, m_plot->yAxis))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->xAxis->setLabel(tr("sample time"));
    m_plot->yAxis->setLabel(tr("count"));
    m_bars->setPen(QPen(QColor(0x1f, 0x77, 0xb4).darker(130)));
    m_bars->setBrush(QColor(0x1f, 0x77, 0xb4, 170));
    m_bars->setWidthType(QCPBars::wtPlotCoords);
    setMinimumSize(200, 140);
}

void SampleHistogram::setSamples(const std::vector<double> &samples)
{
    m_bars->data()->clear();
    if (samples.empty()) {
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    const auto [low, high] = std::minmax_element(samples.begin(), samples.end());
    const int bins = binsFor(samples.size());
    // One bin of some width around a constant series, so the bar is visible.
    const double width = *high > *low ? (*high - *low) / bins : std::max(*low * 0.01, 1e-12);
    QVector<double> centers(bins), counts(bins, 0);
    for (int i = 0; i < bins; ++i)
        centers[i] = *low + (i + 0.5) * width;
    for (const double sample : samples)
        counts[std::min(bins - 1, int((sample - *low) / width))] += 1;
    m_bars->setWidth(width * 0.9);
    m_bars->setData(centers, counts, true);

    // Ticks in readable units ("12.7 µs") instead of raw seconds.
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int step = std::max(1, bins / 4);
    for (int i = 0; i <= bins; i += step)
        ticker->addTick(*low + i * width, formatDuration(*low + i * width));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(*low - width, *low + (bins + 1) * width);
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
    for (auto it = m_bars->data()->constBegin(); it != m_bars->data()->constEnd(); ++it)
        sum += it->value;
    return int(std::lround(sum));
}

} // namespace tb
