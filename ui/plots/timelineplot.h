#pragma once

#include "session/sessionevents.h"

#include <QMap>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QTimer;

namespace tb {

// Median time of every evaluated configuration in evaluation order (points), with the best so
// far as a step line, per problem size, on a log-scale time axis. Results arrive in batches
// and the plot redraws on a ~100 ms timer, never per result, so a run of 100,000 stays smooth.
class TimelinePlot : public QWidget
{
    Q_OBJECT
public:
    explicit TimelinePlot(QWidget *parent = nullptr);

    void clear();
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    void addResults(const QVector<ResultEvent> &batch);

    int pointCount() const { return m_pointCount; }           // ok results plotted
    int evaluationCount() const { return m_evaluationCount; } // every result seen
    QCustomPlot *plot() const { return m_plot; }

private:
    struct Series
    {
        QCPGraph *points = nullptr;
        QCPGraph *best = nullptr;
        double bestSoFar = 0;
    };

    Series &seriesFor(std::size_t sizeIndex);
    void replotIfDirty();

    QCustomPlot *m_plot;
    QTimer *m_replotTimer;
    QMap<std::size_t, Series> m_series;
    QMap<std::size_t, QString> m_sizeLabels;
    int m_pointCount = 0;
    int m_evaluationCount = 0;
    bool m_dirty = false;
};

} // namespace tb
