#pragma once

#include "run/sessionevents.h"

#include <QVector>
#include <QWidget>

class QCPAxisRect;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QStackedLayout;
class QTimer;

namespace tb {

class DenseScatterGraph;
class ViewFollower;

// Registers per thread (top) and spill bytes, stores + loads (bottom) of every evaluated
// configuration in evaluation order, on two stacked axes sharing the evaluation axis, so a jump
// in spills lines up with the register count that caused it. Configurations that failed keep
// their compile figures and are drawn in grey (a config that needs 255 registers is the story).
// Results without resource usage are skipped; a CPU run has none at all, and the plot says so
// instead of showing empty axes. Results arrive in batches; the plot redraws on a ~100 ms timer.
class ResourcePlot : public QWidget
{
    Q_OBJECT
public:
    // Two stacked axes need room: below ~100 px of plot each, the tick labels crowd and the
    // points of neighbouring register counts merge.
    static constexpr int kMinimumWidth = 320;
    static constexpr int kMinimumHeight = 320;
    static constexpr int kMarkerSize = 7; // pixels: readable at a glance, still dense

    explicit ResourcePlot(QWidget *parent = nullptr);

    void clear();
    void addResults(const QVector<ResultEvent> &batch);

    int pointCount() const { return m_pointCount; }           // results with resource usage
    int evaluationCount() const { return m_evaluationCount; } // every result seen
    double maxRegisters() const { return m_maxRegisters; }
    double maxSpillBytes() const { return m_maxSpillBytes; }
    bool followsData() const;
    // The message shown instead of the plot ("No resource usage recorded (...)"), or empty
    // while the plot shows.
    QString message() const;

    QCustomPlot *plot() const { return m_plot; }
    QCPAxisRect *registersRect() const { return m_registersRect; }
    QCPAxisRect *spillsRect() const { return m_spillsRect; }
    QCPGraph *registersGraph(bool failed = false) const;
    QCPGraph *spillsGraph(bool failed = false) const;

    // Redraw now if anything changed (the timer does this every ~100 ms).
    void replotIfDirty();

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void buildAxes();
    DenseScatterGraph *addPoints(QCPAxisRect *rect, const QColor &color, const QString &name);
    void fitView();
    void updateMessage();

    QStackedLayout *m_stack;
    QCustomPlot *m_plot;
    QLabel *m_message;
    ViewFollower *m_follower;
    QTimer *m_replotTimer;
    QCPAxisRect *m_registersRect = nullptr;
    QCPAxisRect *m_spillsRect = nullptr;
    DenseScatterGraph *m_registers[2] = {}; // ok, failed
    DenseScatterGraph *m_spills[2] = {};
    int m_pointCount = 0;
    int m_evaluationCount = 0;
    int m_measuredWithout = 0; // ok results without resource usage: CPU, or imported
    double m_maxRegisters = 0;
    double m_maxSpillBytes = 0;
    bool m_dirty = false;
};

} // namespace tb
