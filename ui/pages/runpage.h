#pragma once

#include "session/sessionmetatypes.h"

#include <QVector>
#include <QWidget>

class QLabel;
class QModelIndex;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QTimer;

namespace tb {

class ResultDetails;
class ResultsModel;
class RunForm;
class SessionController;
class TimelinePlot;

// The Run page: pick a spec, start it, and watch results arrive in the timeline plot, the
// results table and the log. Results are buffered and handed to the model and the plot in
// batches on a timer, so a fast run never floods the views.
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
    QSplitter *splitter() const { return m_splitter; }
    bool isRunning() const;

public slots:
    void startRun();
    void stopRun();
    // Hands the buffered results to the model and the plot (the 100 ms flush timer's job).
    void flushPending();

signals:
    void statusMessage(const QString &message);
    void runFinished(const tb::RunSummary &summary);
    void runFailed(const QString &message);
    void runningChanged(bool running);

private:
    QWidget *buildResultsPane();
    void connectController();
    void showSelectedResult(const QModelIndex &current);
    void appendLog(const QString &line);
    void onSpecLoaded(const QString &name, const QStringList &metricNames, bool cuda);
    void onSpaceSized(const tb::SpaceSummary &summary);
    void onProgress(const tb::Progress &progress);
    void onFinished(const tb::RunSummary &summary);
    void onFailed(const QString &message);

    SessionController *m_controller;
    RunForm *m_form;
    QProgressBar *m_progress;
    QLabel *m_progressText;
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
};

} // namespace tb
