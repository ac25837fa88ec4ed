#pragma once

#include "histogramrange.h"

#include <QVector>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPBars;
class QLabel;

namespace tb {

class HistogramNote;

// A small histogram of one configuration's samples (seconds), in equal-width bins. It shows
// at a glance whether a timing is one tight cluster or bimodal (clock boost, cache state).
// Far outliers do not stretch the bins: they are counted in the end bins, and a note under the
// plot says how many (HistogramRange). The time axis reads in durations, with as many labels
// as its width holds (DurationTicker), and the plot follows the palette (Dark appearance).
class SampleHistogram : public QWidget
{
    Q_OBJECT
public:
    explicit SampleHistogram(QWidget *parent = nullptr);

    // Empty samples clear the plot.
    void setSamples(const std::vector<double> &samples);

    int binCount() const;
    int sampleCount() const;        // the sum of the bars' heights
    QVector<double> counts() const; // per bin, in order
    HistogramRange range() const { return m_range; }
    int beyondRangeCount() const { return m_beyond.total(); }
    QString note() const; // what the note under the plot says; empty when hidden
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;

private:
    QCustomPlot *m_plot;
    QCPBars *m_bars;
    HistogramNote *m_note;
    HistogramRange m_range;
    HistogramRange::Beyond m_beyond;
};

} // namespace tb
