#pragma once

#include "session/sessionmetatypes.h"

#include <QObject>

#include <optional>

class QAction;
class QTableView;

namespace tb {

class ResultsFeed;
class ResultsFilterProxy;

// The Results table's row actions, from a result to its code: "Compile in Kernel page"
// (Ctrl+B), "Copy -D flags" (Ctrl+Shift+C), "Copy launch geometry" (Ctrl+Shift+G) and "Set as
// baseline" (Ctrl+Shift+B), on the table's context menu (right click, the menu key or
// Shift+F10) and on their keys while the table has the focus. They act on the current row and
// only say what is asked (the signals): the main window, which holds the Kernel and Compare
// pages, does it. Enabled for what makes sense of the row: any result can be compiled and its
// flags copied (a failure most of all); a launch geometry exists for CUDA specs only; a
// baseline needs a measured time (Compare reads differences against it).
class ResultRowActions : public QObject
{
    Q_OBJECT
public:
    ResultRowActions(QTableView *table, ResultsFilterProxy *proxy, const ResultsFeed *feed,
                     QObject *parent = nullptr);

    QAction *compileAction() const { return m_compile; }
    QAction *copyDefinesAction() const { return m_copyDefines; }
    QAction *copyLaunchAction() const { return m_copyLaunch; }
    QAction *baselineAction() const { return m_baseline; }
    // The result of the table's current row; nullopt when there is none.
    std::optional<ResultEvent> currentResult() const;

public slots:
    // Opens the table's context menu at its current row, as the menu key does (Shift+F10).
    void showMenuAtCurrentRow();
    void updateEnabled();

signals:
    void compileRequested(const tb::ResultEvent &event);
    void copyDefinesRequested(const tb::ResultEvent &event);
    void copyLaunchRequested(const tb::ResultEvent &event);
    void baselineRequested(const tb::ResultEvent &event);

private:
    QAction *addAction(const QString &text, const QKeySequence &keys, const QString &tip,
                       void (ResultRowActions::*signal)(const tb::ResultEvent &));

    QTableView *m_table;
    ResultsFilterProxy *m_proxy;
    const ResultsFeed *m_feed;
    QAction *m_compile;
    QAction *m_copyDefines;
    QAction *m_copyLaunch;
    QAction *m_baseline;
};

} // namespace tb
