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

// The sample distributions (seconds) of several configurations over one set of shared bins:
// one semi-transparent step histogram per configuration with a legend, so shifts, spread and
// a second mode can be compared at a glance. Heights are the fraction of each configuration's
// samples by default, so a config sampled 200 times does not dwarf one sampled 5 times.
// Samples spread over more than a decade get logarithmic bins and axis. The bins span every
// configuration's bulk, not its far outliers (HistogramRange): those are counted in the end
// bins and a note under the plot says how many. The time axis reads in durations, with as many
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
    QVector<double> binEdges() const { return m_edges; } // binCount() + 1 values, shared
    int binCount() const { return m_edges.isEmpty() ? 0 : int(m_edges.size()) - 1; }
    QVector<double> counts(int series) const { return m_counts.value(series); }
    bool logarithmicBins() const { return m_logarithmic; }
    int beyondRangeCount() const { return m_beyond.total(); } // samples in the end bins' excess
    QString note() const; // what the note under the plot says; empty when hidden
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void computeBins();
    void rebuildGraphs();
    void updateAxes();

    QCustomPlot *m_plot;
    HistogramNote *m_note;
    QVector<Series> m_series;
    QVector<double> m_edges;
    QVector<QVector<double>> m_counts;
    bool m_normalized = true;
    bool m_logarithmic = false;
    HistogramRange m_range;
    HistogramRange::Beyond m_beyond; // over every series
    Style m_style = Style::Filled;
};

} // namespace tb
