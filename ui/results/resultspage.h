#pragma once

#include "session/sessionmetatypes.h"

#include <QVector>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QModelIndex;
class QSplitter;
class QTableView;
class QToolButton;

namespace tb {

class ColumnChooser;
class ParameterEffectPlot;
class ResultDetails;
class ResultsFeed;
class ResultsFilterProxy;
class WinnerSummary;

// The Results page: every result of the run on show (the Run page's feed: live or stored) in a
// sortable, filterable table with a column chooser, under a line saying whether each size's
// winner is decided (WinnerSummary); the selected result's details (samples,
// defines, compiler log, error text); and the parameter-effect plot (the objective against one
// parameter, coloured by another; a click on a point selects its row). The table is a view of
// the feed's one ResultsModel.
class ResultsPage : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsPage(ResultsFeed *feed, QWidget *parent = nullptr);

    QTableView *view() const { return m_table; }
    ResultsFilterProxy *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QComboBox *statusCombo() const { return m_status; }
    QToolButton *columnsButton() const { return m_columnsButton; }
    ColumnChooser *columnChooser() const { return m_chooser; }
    ResultDetails *details() const { return m_details; }
    ParameterEffectPlot *effectPlot() const { return m_effect; }
    WinnerSummary *winnerSummary() const { return m_winners; }
    // Over the table while an imported run is on show: where its results came from
    // (RunPage::shownRunNote()); hidden otherwise.
    QLabel *runNote() const { return m_runNote; }
    QSplitter *splitter() const { return m_splitter; }
    QString countText() const;

    // The selected rows' results, top to bottom as the table shows them.
    QVector<ResultEvent> selectedResults() const;

    // Makes the row of this result current and selected, scrolled into view (a click on its
    // point in the parameter-effect plot does this). A filter that hides it is cleared.
    // Returns false when no row holds that result.
    bool selectResult(const QString &configKey, std::size_t sizeIndex);

public slots:
    // Shows the note over the table; an empty one hides it.
    void setRunNote(const QString &note);

private:
    QWidget *buildToolBar();
    void setUpTable();
    void connectFeed();
    void showCurrent(const QModelIndex &current);
    void updateCount();

    ResultsFeed *m_feed;
    ResultsFilterProxy *m_proxy;
    QLineEdit *m_filter;
    QComboBox *m_status;
    QLabel *m_count;
    QLabel *m_runNote;
    WinnerSummary *m_winners;
    QToolButton *m_columnsButton;
    QTableView *m_table;
    int m_sortedSection = -1; // the column the table was last sorted by
    ColumnChooser *m_chooser = nullptr;
    ResultDetails *m_details;
    ParameterEffectPlot *m_effect;
    QSplitter *m_splitter;
};

} // namespace tb
