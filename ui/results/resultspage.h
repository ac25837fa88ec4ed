#pragma once

#include "session/sessionmetatypes.h"

#include <QVector>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QSplitter;
class QTabWidget;
class QTableView;
class QToolButton;

namespace tb {

class ChosenModelResults;
class ColumnChooser;
class DeviceModelBar;
class DeviceModelList;
class FailureSummaryBar;
class ImportanceView;
class RooflineView;
class EnergyView;
class ParameterEffectPlot;
class ResultDetails;
class ResultsFeed;
class ResultRowActions;
class ResultsFilterProxy;
class WinnerSummary;

// The Results page: every result of the run on show (the Run page's feed: live or stored) in a
// sortable, filterable table with a column chooser, under a line saying whether each size's
// winner is decided (WinnerSummary); the selected result's details (samples,
// defines, compiler log, error text); and, in tabs under the table, the parameter-effect plot
// (the objective against one parameter, coloured by another; a click on a point selects its
// row), the Importance view (which parameter matters) and the Roofline view (achieved FLOP/s
// against arithmetic intensity under the device's roofs). The table is a view of the feed's one
// ResultsModel. In a run over several device models the page ranks one model at a time, the one
// chosen in `deviceModels` (DeviceModelBar over the table); both models are the main window's.
class ResultsPage : public QWidget
{
    Q_OBJECT
public:
    ResultsPage(ResultsFeed *feed, DeviceModelList *deviceModels, QWidget *parent = nullptr);

    QTableView *view() const { return m_table; }
    ResultsFilterProxy *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QComboBox *statusCombo() const { return m_status; }
    QToolButton *columnsButton() const { return m_columnsButton; }
    ColumnChooser *columnChooser() const { return m_chooser; }
    ResultDetails *details() const { return m_details; }
    ParameterEffectPlot *effectPlot() const { return m_effect; }
    // Beside the parameter-effect plot, a tab: which parameter matters, for the size the plot
    // shows (the two follow each other's size).
    ImportanceView *importanceView() const { return m_importance; }
    RooflineView *rooflineView() const { return m_roofline; }
    EnergyView *energyView() const { return m_energy; }
    QTabWidget *plotTabs() const { return m_plotTabs; }
    WinnerSummary *winnerSummary() const { return m_winners; }
    // Over the table: each failure status with its common cause; a click on one filters the
    // table to it (showStatus).
    FailureSummaryBar *failureSummary() const { return m_failures; }
    // Over the table while an imported run is on show: where its results came from
    // (RunPage::shownRunNote()); hidden otherwise.
    QLabel *runNote() const { return m_runNote; }
    // Over the table while the results name several device models: the note and the selector.
    DeviceModelBar *deviceModelBar() const { return m_deviceBar; }
    // The results the page's views put together: the chosen device model's in a mixed run.
    ChosenModelResults *chosenResults() const { return m_chosen; }
    QSplitter *splitter() const { return m_splitter; }
    // The table rows' actions, from a result to its code (Compile in Kernel page, Copy -D
    // flags, Copy launch geometry, Set as baseline): the main window answers their signals.
    ResultRowActions *rowActions() const { return m_rowActions; }
    QString countText() const;

    // The selected rows' results, top to bottom as the table shows them.
    QVector<ResultEvent> selectedResults() const;

    // Makes the row of this result current and selected, scrolled into view (a click on its
    // point in the parameter-effect plot does this). A filter that hides it is cleared, and
    // its device model chosen.
    // Returns false when no row holds that result.
    bool selectResult(const QString &configKey, std::size_t sizeIndex);

public slots:
    // Shows the note over the table; an empty one hides it.
    void setRunNote(const QString &note);
    // Shows only the results of this status ("invalid_launch"), whatever the filters were.
    void showStatus(const QString &status);

private:
    QWidget *buildToolBar();
    void setUpTable();
    void connectFeed();
    void showCurrent(const QModelIndex &current);
    void updateCount();

    ResultsFeed *m_feed;
    DeviceModelList *m_deviceModels;
    ChosenModelResults *m_chosen;
    ResultsFilterProxy *m_proxy;
    QLineEdit *m_filter;
    QComboBox *m_status;
    QLabel *m_count;
    QLabel *m_runNote;
    DeviceModelBar *m_deviceBar;
    WinnerSummary *m_winners;
    FailureSummaryBar *m_failures = nullptr;
    QToolButton *m_columnsButton;
    QTableView *m_table;
    int m_sortedSection = -1; // the column the table was last sorted by
    ColumnChooser *m_chooser = nullptr;
    ResultRowActions *m_rowActions = nullptr;
    ResultDetails *m_details;
    ParameterEffectPlot *m_effect;
    ImportanceView *m_importance;
    RooflineView *m_roofline;
    EnergyView *m_energy;
    QTabWidget *m_plotTabs;
    QSplitter *m_splitter;
};

} // namespace tb
