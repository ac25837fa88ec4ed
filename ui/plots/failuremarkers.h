#pragma once

#include "model/resultstatus.h"

#include <QMap>
#include <QVector>

class QCPGraph;
class QCustomPlot;

namespace tb {

class DenseScatterGraph;

// Failed configurations on a timeline: a marker per failure in a strip along the bottom of the
// plot, one shape and colour per status (they tell apart without colour too), each status a
// legend entry with its count ("compile_error (3)"). They sit on the plot's right value axis,
// hidden and fixed to [0, 1], so they stay put while the time axis zooms and pans. Both x keys
// are kept (evaluation number and seconds), as the timeline's points keep theirs.
class FailureMarkers
{
public:
    explicit FailureMarkers(QCustomPlot *plot);

    // Records one failure; the markers reach the plot at flush().
    void add(ResultStatus status, double evaluation, double seconds);
    // Appends every failure recorded since the last flush, keyed on evaluations or seconds.
    void flush(bool bySeconds);
    // Draws every marker again on the other key.
    void rekey(bool bySeconds);
    // Forgets every failure (the plot's graphs are cleared by its owner).
    void clear();

    int count() const { return m_count; }
    bool isEmpty() const { return m_marks.isEmpty(); }
    QCPGraph *graph(ResultStatus status) const; // nullptr before its first failure

private:
    struct Marks
    {
        DenseScatterGraph *graph = nullptr;
        QVector<double> evaluations;
        QVector<double> seconds;
        qsizetype flushed = 0; // markers already on the graph
    };

    Marks &marksFor(ResultStatus status);
    void append(ResultStatus status, Marks &marks, bool bySeconds);

    QCustomPlot *m_plot;
    QMap<ResultStatus, Marks> m_marks;
    int m_count = 0;
};

} // namespace tb
