#pragma once

#include "analysis/parameterimportance.h"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QCPColorMap;
class QCPColorScale;
class QCPGraph;
class QCustomPlot;

namespace tb {

// The best objective of each (x value, y value) cell of two parameters (bestPerPair()), as a
// colour map with its scale: the better the cell, the brighter, whichever way the objective
// ranks; a cell where nothing ran ok stays empty (transparent), and one whose every result
// failed is marked with a cross (the tooltip counts them). Two combo boxes pick the pair;
// until the user picks one, setDefaultPair() sets it (the page passes the two most important
// parameters). The owner computes the grid: the plot asks for it with pairChanged().
class PairHeatmapPlot : public QWidget
{
    Q_OBJECT
public:
    explicit PairHeatmapPlot(QWidget *parent = nullptr);

    void setParameters(const QStringList &names);
    void setObjective(const QString &metric, bool minimize);
    // Ignored once the user chose a pair (until setParameters() names other parameters).
    void setDefaultPair(int x, int y);
    void setGrid(const PairGrid &grid);

    int xParameter() const { return m_x; }
    int yParameter() const { return m_y; }
    const PairGrid &grid() const { return m_grid; }
    QComboBox *xCombo() const { return m_xCombo; }
    QComboBox *yCombo() const { return m_yCombo; }
    QCPColorMap *colorMap() const { return m_map; }
    // Cells marked as failed: every result there failed.
    int failedCellCount() const;
    QCustomPlot *plot() const { return m_plot; }

signals:
    void pairChanged(int x, int y);

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildControls();
    void choosePair(int x, int y);
    void styleScale();
    void markFailedCells(const PairGrid &grid);

    QStringList m_names;
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
    int m_x = -1;
    int m_y = -1;
    bool m_userChose = false;
    PairGrid m_grid;
    QComboBox *m_xCombo;
    QComboBox *m_yCombo;
    QCustomPlot *m_plot;
    QCPColorMap *m_map;
    QCPColorScale *m_scale;
    QCPGraph *m_failed;
};

} // namespace tb
