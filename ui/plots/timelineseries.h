#pragma once

#include <QVector>

#include <optional>

namespace tb {

// What the timeline's x axis counts: evaluations in the order the run reported them, or
// seconds since the run started (paused time excluded), which shows how fast a search
// converges in wall time rather than in measurements.
enum class TimelineXAxis
{
    Evaluations,
    Seconds
};

// The plotted points of one problem size on the timeline, each with both of its x keys, so
// the axis can switch without asking the run again. Points come in evaluation order, and so
// does the best so far.
class TimelineSeries
{
public:
    // One ok result: its evaluation number (1-based, over every size), seconds and median.
    void append(double evaluation, double seconds, double median);

    qsizetype size() const { return m_medians.size(); }
    std::optional<double> bestSoFar() const;

    // The points from `from` on, keyed on `axis`, for a bulk append to the scatter graph.
    // Seconds need not ascend (a stored run's clock may step back).
    void points(TimelineXAxis axis, qsizetype from, QVector<double> &keys,
                QVector<double> &values) const;
    // The step line: the points where the best changed, and the last point so the line reaches
    // it; a few dozen points instead of one per result. Its keys ascend on both axes.
    void bestLine(TimelineXAxis axis, QVector<double> &keys, QVector<double> &values) const;

private:
    QVector<double> m_evaluations;
    QVector<double> m_seconds;
    QVector<double> m_medians;
    QVector<qsizetype> m_bestChanges; // indices of the points that lowered the best
    // Where the clock stepped back, the line takes the latest time seen so far: it holds each
    // best from when it was known, and never runs backwards.
    QVector<double> m_bestChangeSeconds;
    double m_latestSeconds = 0;
};

} // namespace tb
