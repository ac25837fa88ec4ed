#pragma once

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPBars;

namespace tb {

// A small histogram of one configuration's samples (seconds), in equal-width bins. It shows
// at a glance whether a timing is one tight cluster or bimodal (clock boost, cache state).
class SampleHistogram : public QWidget
{
    Q_OBJECT
public:
    explicit SampleHistogram(QWidget *parent = nullptr);

    // Empty samples clear the plot.
    void setSamples(const std::vector<double> &samples);

    int binCount() const;
    int sampleCount() const; // the sum of the bars' heights
    QCustomPlot *plot() const { return m_plot; }

private:
    QCustomPlot *m_plot;
    QCPBars *m_bars;
};

} // namespace tb
