#pragma once

#include "analysis/parameterimportance.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCPAxis;
class QCPGraph;
class QCPLayoutGrid;
class QScrollArea;
class QCPTextElement;
class QCustomPlot;

namespace tb {

// Small multiples of a problem size's ranking: one small plot per parameter, most important
// first, each its values (ticks in ascending order) against the best objective reached with
// that value, titled with what its worst value costs (rankParameters()). A value that never ran
// ok leaves a gap; one whose every result failed is marked with a cross at the panel's foot,
// and a value's tick label counts its failed results. The panels wrap into as many columns as
// fit kMinPanelWidth each in the view's width, kMinPanelHeight tall, in a scroll area: readable
// however many parameters there are. One QCustomPlot holds every panel, so a redraw is one
// paint. A ranking of the
// same parameters in the same order over the same values (the common case while a run streams
// in) updates the panels in place: rebuilding the layout made every replot lay out and measure
// every text anew (~15 ms).
class ImportanceMultiplesPlot : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMinPanelWidth = 220;
    static constexpr int kMinPanelHeight = 200;

    explicit ImportanceMultiplesPlot(QWidget *parent = nullptr);

    // "time" reads durations; another name, that derived metric.
    void setObjective(const QString &metric, bool minimize);
    // Names in the spec's order; an empty ranking leaves no panel.
    void setRanking(const QStringList &names, const std::vector<ParameterImportance> &ranked);

    int panelCount() const;
    QString panelTitle(int panel) const;
    // The best objective drawn at each value of a panel, ascending by value (NaN: a gap).
    QVector<double> panelBests(int panel) const;
    // The values of a panel marked as always failing, as indexes along its x axis.
    QVector<double> panelFailingValues(int panel) const;
    // A panel's extent in the plot, title and axes included.
    QRect panelRect(int panel) const;
    int columnCount() const { return m_columns; }
    QCustomPlot *plot() const { return m_plot; }
    QScrollArea *scrollArea() const { return m_scroll; }

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyPalette();
    void addPanel(int panel, const QString &name, const ParameterImportance &entry);
    // Lays the panels out in as many columns as fit the viewport's width.
    void arrange(bool force = false);
    // Whether `ranked` has the panels shown, parameter by parameter and value by value.
    bool samePanels(const std::vector<ParameterImportance> &ranked) const;
    void updatePanel(int panel, const QString &name, const ParameterImportance &entry);

    // What a panel shows, to update it in place.
    struct Panel
    {
        std::size_t parameter = 0;
        std::vector<double> values;
        QCPLayoutGrid *cell = nullptr;
        QCPTextElement *title = nullptr;
        QCPGraph *graph = nullptr;
        QCPGraph *failing = nullptr; // a cross per value that always fails
        QCPAxis *x = nullptr;
        QCPAxis *y = nullptr;
    };

    QScrollArea *m_scroll;
    QCustomPlot *m_plot;
    int m_columns = 0;
    std::vector<Panel> m_panels;
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
    QStringList m_titles;
};

} // namespace tb
