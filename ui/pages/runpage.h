#pragma once

#include "session/sessionmetatypes.h"
#include "storage/storerecords.h"

#include <QVector>
#include <QWidget>

class QModelIndex;
class QLineEdit;
class QPlainTextEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTimer;

namespace tb {

struct LoadedRun;
class ResultDetails;
class ResultsModel;
class RunForm;
class RunProgress;
class RunSelector;
class SessionController;
class TimelinePlot;

// The Run page: pick a spec, start it, and watch results arrive in the timeline plot, the
// results table and the log; or look at a run stored in the open workspace. Live results are
// buffered and handed to the model and the plot in batches on a timer, so a fast run never
// floods the views.
class RunPage : public QWidget
{
    Q_OBJECT
public:
    explicit RunPage(QWidget *parent = nullptr);

    RunForm *form() const { return m_form; }
    SessionController *controller() const { return m_controller; }
    ResultsModel *resultsModel() const { return m_model; }
    QTableView *resultsView() const { return m_table; }
    TimelinePlot *timeline() const { return m_plot; }
    ResultDetails *details() const { return m_details; }
    RunSelector *runSelector() const { return m_runSelector; }
    RunProgress *progress() const { return m_progress; }
    QSplitter *splitter() const { return m_splitter; }
    bool isRunning() const;
    bool isPaused() const;
    // The run whose results the views hold (live or stored); 0 when none.
    qint64 shownRunId() const { return m_shownRunId; }

    // Lists the open workspace's runs. With keepShown and the run shown among them, it stays
    // (after a live run ended); otherwise the newest is selected and storedRunRequested().
    void setStoredRuns(const QVector<RunRecord> &runs, bool keepShown);
    // Fills the views from a stored run (ignored while a live run is going).
    void showStoredRun(const LoadedRun &run);
    // Empties the views: no run shown.
    void clearResults();

public slots:
    void startRun();
    void stopRun();
    void pauseRun();
    void resumeRun();
    void togglePause();
    // Hands the buffered results to the model and the plot (the 100 ms flush timer's job).
    void flushPending();

signals:
    void statusMessage(const QString &message);
    void runFinished(const tb::RunSummary &summary);
    void runFailed(const QString &message);
    void runningChanged(bool running);
    void pausedChanged(bool paused);
    void shownRunChanged(qint64 runId);
    // The user (or setStoredRuns) wants a stored run shown: the main window reads it.
    void storedRunRequested(qint64 runId);

private:
    QWidget *buildResultsPane();
    void connectController();
    void showSelectedResult(const QModelIndex &current);
    void appendLog(const QString &line);
    void setShownRunId(qint64 runId);
    void requestStoredRun(qint64 runId);
    void onSpecLoaded(const QString &name, const QStringList &metricNames, bool cuda);
    void onSpaceSized(const tb::SpaceSummary &summary);
    void onPausedChanged(bool paused);
    void onFinished(const tb::RunSummary &summary);
    void onFailed(const QString &message);
    void endLiveRun();

    SessionController *m_controller;
    RunForm *m_form;
    RunSelector *m_runSelector;
    RunProgress *m_progress;
    TimelinePlot *m_plot;
    ResultsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QLineEdit *m_filter;
    ResultDetails *m_details;
    QPlainTextEdit *m_log;
    QSplitter *m_splitter;
    QTimer *m_flushTimer;
    QVector<ResultEvent> m_pending;
    qint64 m_shownRunId = 0;
};

} // namespace tb
