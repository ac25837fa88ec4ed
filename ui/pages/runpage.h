#pragma once

#include "session/sessionmetatypes.h"
#include "tasks/runrecords.h"

#include <QVector>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTimer;

namespace tb {

struct LoadedRun;
struct SpecOutline;
class BenchLanes;
class LatestSamples;
class MachineLoadIndicator;
class ResourcePlot;
class ResultsFeed;
class ResultsModel;
class RunForm;
class RunProgress;
class RunSelector;
class RunViews;
class SessionController;
class TimelinePlot;

// The Run page: pick a spec, start it, and watch it go: progress and ETA, the live plots (time
// per configuration with the best so far; the samples of the latest configuration; registers
// and spills per configuration) and the log; or look at a run stored in the open workspace.
// The session controller that runs the spec and the results on show (feed()) are the main
// window's, given to the page: live results are queued in the feed and handed to the model and
// every plot in batches on a 100 ms timer, so a fast run never floods the views. The Results
// page shows the same feed's model. The plots and the log are RunViews; what the log
// says of a live run, RunNarration.
class RunPage : public QWidget
{
    Q_OBJECT
public:
    // `controller` and `feed` outlive the page (the main window owns them).
    RunPage(SessionController *controller, ResultsFeed *feed, QWidget *parent = nullptr);

    RunForm *form() const { return m_form; }
    SessionController *controller() const { return m_controller; }
    ResultsFeed *feed() const { return m_feed; }
    ResultsModel *resultsModel() const;
    TimelinePlot *timeline() const;
    LatestSamples *latestSamples() const;
    ResourcePlot *resourcePlot() const;
    RunSelector *runSelector() const { return m_runSelector; }
    RunProgress *progress() const { return m_progress; }
    MachineLoadIndicator *machineLoad() const { return m_load; }
    BenchLanes *lanes() const { return m_lanes; }
    QPlainTextEdit *log() const;
    // Shown while the run on show only compiles: "Compiling only: ... no timings".
    QLabel *compileOnlyBanner() const { return m_compileOnlyBanner; }
    QSplitter *splitter() const;
    bool isRunning() const;
    bool isPaused() const;
    // The run whose results the views hold (live or stored); 0 when none.
    qint64 shownRunId() const { return m_shownRunId; }
    // Where an imported run on show came from and what its figures are (importedRunNote());
    // empty for a native run, live or stored.
    const QString &shownRunNote() const { return m_shownRunNote; }

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
    // Hands the queued results to the model and the plots (the 100 ms flush timer's job).
    void flushPending();

signals:
    void statusMessage(const QString &message);
    void runFinished(const tb::RunSummary &summary);
    void runFailed(const QString &message);
    void runningChanged(bool running);
    void pausedChanged(bool paused);
    void shownRunChanged(qint64 runId);
    void shownRunNoteChanged(const QString &note);
    // The user (or setStoredRuns) wants a stored run shown: the main window reads it.
    void storedRunRequested(qint64 runId);

private:
    void buildLayout();
    void connectController();
    void appendLog(const QString &line);
    void setShownRunId(qint64 runId, const QString &note = {});
    void requestStoredRun(qint64 runId);
    void onSpecLoaded(const SpecOutline &outline);
    void onSpaceSized(const tb::SpaceSummary &summary);
    void onRoundStarted(const tb::RoundStart &start);
    void onRoundResult(const tb::RoundEvent &event);
    void onPausedChanged(bool paused);
    void onFinished(const tb::RunSummary &summary);
    void onFailed(const QString &message);
    void endLiveRun();

    SessionController *m_controller;
    ResultsFeed *m_feed;
    RunForm *m_form;
    RunSelector *m_runSelector;
    RunProgress *m_progress;
    MachineLoadIndicator *m_load;
    BenchLanes *m_lanes;
    RunViews *m_views;
    QLabel *m_compileOnlyBanner;
    QTimer *m_flushTimer;
    qint64 m_shownRunId = 0;
    QString m_shownRunNote;
};

} // namespace tb
