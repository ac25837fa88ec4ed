#pragma once

#include "histogramrange.h"

#include <QColor>
#include <QString>
#include <QVector>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPGraph;
class QLabel;

namespace tb {

class HistogramNote;

// The sample distributions (seconds) of several configurations, each over bins of its own: one
// semi-transparent step histogram per configuration with a legend, so shifts, spread and a
// second mode can be compared at a glance. Each configuration's bins span its own bulk
// (HistogramRange; its far outliers are counted in its end bins and a note under the plot says
// how many): configurations far apart on the time axis still each show their shape, where
// shared bins gave each one bar at fraction 1. Heights are the fraction of each configuration's
// samples by default, so a config sampled 200 times does not dwarf one sampled 5 times. A time
// axis spanning more than a decade is logarithmic. The axis reads in durations, with as many
// labels as its width holds (DurationTicker).
class OverlaidHistogram : public QWidget
{
    Q_OBJECT
public:
    struct Series
    {
        QString name;
        std::vector<double> samples;
    };
    enum class Style
    {
        Filled,  // outline with a translucent fill
        Outline, // outline only: easier to read with many configurations
    };

    explicit OverlaidHistogram(QWidget *parent = nullptr);

    // One graph per series, even one without samples (its legend entry says so).
    void setSeries(const QVector<Series> &series);
    void clear();
    void setNormalized(bool normalized);
    bool isNormalized() const { return m_normalized; }
    void setStyle(Style style);
    Style style() const { return m_style; }

    int seriesCount() const;
    QString seriesName(int series) const;
    QColor seriesColor(int series) const;
    // Each series' own bins: binCount(series) + 1 edges; none for a series without samples.
    QVector<double> binEdges(int series) const { return m_bins.value(series).edges; }
    int binCount(int series) const;
    QVector<double> counts(int series) const { return m_bins.value(series).counts; }
    bool logarithmicAxis() const { return m_logarithmic; }
    int beyondRangeCount() const; // samples in the end bins' excess, over every series
    QString note() const;         // what the note under the plot says; empty when hidden
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void computeBins();
    void rebuildGraphs();
    void updateAxes();

    // One series' bins over its own bulk, and what its end bins took beyond it.
    struct Bins
    {
        QVector<double> edges;
        QVector<double> counts;
        bool logarithmic = false; // a series that spreads over a decade itself
        HistogramRange range;
        HistogramRange::Beyond beyond;
    };
    static Bins binSeries(const std::vector<double> &samples);
    void describeBeyond();

    QCustomPlot *m_plot;
    HistogramNote *m_note;
    QVector<Series> m_series;
    QVector<Bins> m_bins;
    bool m_normalized = true;
    bool m_logarithmic = false; // the time axis
    Style m_style = Style::Filled;
};

} // namespace tb
