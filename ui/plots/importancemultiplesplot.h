#pragma once

#include "export/parameterimportance.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCPAxis;
class QCPGraph;
class QCPTextElement;
class QCustomPlot;

namespace tb {

// Small multiples of a problem size's ranking: one small plot per parameter, most important
// first, each its values (ticks in ascending order) against the best objective reached with
// that value, titled with what its worst value costs (rankParameters()). A value that never ran
// ok leaves a gap. One QCustomPlot holds every panel, so a redraw is one paint. A ranking of the
// same parameters in the same order over the same values (the common case while a run streams
// in) updates the panels in place: rebuilding the layout made every replot lay out and measure
// every text anew (~15 ms).
class ImportanceMultiplesPlot : public QWidget
{
    Q_OBJECT
public:
    explicit ImportanceMultiplesPlot(QWidget *parent = nullptr);

    // "time" reads durations; another name, that derived metric.
    void setObjective(const QString &metric, bool minimize);
    // Names in the spec's order; an empty ranking leaves no panel.
    void setRanking(const QStringList &names, const std::vector<ParameterImportance> &ranked);

    int panelCount() const;
    QString panelTitle(int panel) const;
    // The best objective drawn at each value of a panel, ascending by value (NaN: a gap).
    QVector<double> panelBests(int panel) const;
    QCustomPlot *plot() const { return m_plot; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyPalette();
    void addPanel(int panel, int columns, const QString &name, const ParameterImportance &entry);
    // Whether `ranked` has the panels shown, parameter by parameter and value by value.
    bool samePanels(const std::vector<ParameterImportance> &ranked) const;
    void updatePanel(int panel, const QString &name, const ParameterImportance &entry);

    // What a panel shows, to update it in place.
    struct Panel
    {
        std::size_t parameter = 0;
        std::vector<double> values;
        QCPTextElement *title = nullptr;
        QCPGraph *graph = nullptr;
        QCPAxis *y = nullptr;
    };

    QCustomPlot *m_plot;
    std::vector<Panel> m_panels;
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
    QStringList m_titles;
};

} // namespace tb
