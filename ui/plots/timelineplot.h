#pragma once

#include "failuremarkers.h"

#include "run/sessionevents.h"
#include "timelineseries.h"

#include <QMap>
#include <QVector>
#include <QWidget>

#include <optional>

class QComboBox;
class QCustomPlot;
class QCPGraph;
class QTimer;

namespace tb {

class DenseScatterGraph;
class ViewFollower;

// Median time of every evaluated configuration in evaluation order (points), with the best so
// far as a step line, per problem size, on a log-scale time axis; the x axis counts evaluations
// or seconds since the run started, chosen in a bar above the plot. Results arrive in batches
// and the plot redraws on a ~100 ms timer, never per result. Each batch is appended in bulk
// (keys grow, unless a stored run's clock stepped back) and dense points are stamped into an image
// (DenseScatterGraph), so a redraw at 100,000 points stays within a frame. The view follows the
// data until the user drags or zooms; a double click goes back to following. Failures have no
// time: each is a marker in a strip along the bottom, at its evaluation or second, one shape
// and colour per failing status, so a run of invalid launches or a late crash shows where it
// happened.
class TimelinePlot : public QWidget
{
    Q_OBJECT
public:
    using XAxis = TimelineXAxis;

    explicit TimelinePlot(QWidget *parent = nullptr);

    void clear();
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    void addResults(const QVector<ResultEvent> &batch);

    int pointCount() const { return m_pointCount; }           // ok results plotted
    int evaluationCount() const { return m_evaluationCount; } // every result seen
    int failureCount() const { return m_failures.count(); }   // failures marked
    // The markers of one failing status (nullptr before its first failure).
    QCPGraph *failureGraph(ResultStatus status) const;
    // The best median so far of one problem size; none before its first ok result.
    std::optional<double> bestSoFar(std::size_t sizeIndex) const;
    bool followsData() const;
    QCustomPlot *plot() const { return m_plot; }
    // The scatter graph of one problem size (nullptr before its first ok result).
    QCPGraph *pointsGraph(std::size_t sizeIndex) const;
    QCPGraph *bestGraph(std::size_t sizeIndex) const;

    // What the x axis counts. Switching re-keys every point once and fits the view again: a
    // range the user chose in one unit means nothing in the other. Kept across clear().
    XAxis xAxis() const { return m_xAxis; }
    void setXAxis(XAxis axis);
    QComboBox *xAxisControl() const { return m_xAxisControl; }

    // Redraw now if anything changed (the timer does this every ~100 ms).
    void replotIfDirty();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    struct Series
    {
        DenseScatterGraph *points = nullptr;
        QCPGraph *best = nullptr;
        TimelineSeries data;
    };

    Series &seriesFor(std::size_t sizeIndex);
    void appendPoints(Series &series, qsizetype from);
    void updateBestLine(Series &series);
    void fitView();

    QCustomPlot *m_plot;
    QComboBox *m_xAxisControl;
    ViewFollower *m_follower;
    QTimer *m_replotTimer;
    QMap<std::size_t, Series> m_series;
    FailureMarkers m_failures;
    QMap<std::size_t, QString> m_sizeLabels;
    int m_pointCount = 0;
    int m_evaluationCount = 0;
    double m_maxSeconds = 0; // over every result seen, as the evaluation count is
    XAxis m_xAxis = XAxis::Evaluations;
    double m_minTime = 0; // over all points, for the value axis
    double m_maxTime = 0;
    bool m_dirty = false;
};

} // namespace tb
