#pragma once

#include "session/runrequest.h"

#include <QWidget>

#include <functional>

class QLineEdit;
class QPushButton;
class QSpinBox;

namespace tb {

class RunBudget;

// The inputs of a run: spec file, workspace file, compile worker count, strategy and budget
// (RunBudget), and the Start / Pause / Stop buttons.
class RunForm : public QWidget
{
    Q_OBJECT
public:
    explicit RunForm(QWidget *parent = nullptr);

    QString specPath() const;
    // specPathChanged() follows when the path is another one.
    void setSpecPath(const QString &path);
    QString workspacePath() const;
    void setWorkspacePath(const QString &path);
    int workers() const; // 0: Auto, the engine chooses for the run's GPUs
    void setWorkers(int workers);
    QSpinBox *workersBox() const { return m_workers; }
    // The form's inputs, and from the Preferences (AppSettings) the enabled GPUs and the
    // measurement defaults.
    RunRequest request() const;
    // Asked by requestStart() before startRequested(); false cancels the start (e.g. the user
    // did not want the spec's unsaved edits saved).
    void setStartGuard(std::function<bool()> guard) { m_startGuard = std::move(guard); }

    // Inputs are locked while a run goes; Start and Stop swap; Pause works while running.
    void setRunning(bool running);
    // The Pause button reads "Resume" while paused.
    void setPaused(bool paused);
    QPushButton *startButton() const { return m_start; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *stopButton() const { return m_stop; }
    RunBudget *budget() const { return m_budget; }

public slots:
    void browseSpec();
    void browseWorkspace();
    // The Start button and Run > Start: startRequested() unless the start guard says no.
    void requestStart();

signals:
    // A new spec path: set, chosen with Open..., or typed (when the field loses focus or
    // Enter is pressed).
    void specPathChanged(const QString &path);
    void startRequested();
    void stopRequested();
    void pauseRequested();
    void resumeRequested();

private:
    QLineEdit *m_specPath;
    QLineEdit *m_workspacePath;
    QSpinBox *m_workers;
    QPushButton *m_openSpec;
    QPushButton *m_openWorkspace;
    QPushButton *m_start;
    QPushButton *m_pause;
    QPushButton *m_stop;
    RunBudget *m_budget;
    bool m_paused = false;
    QString m_announcedSpecPath; // the last path specPathChanged() told
    std::function<bool()> m_startGuard;

    void announceSpecPath();
};

} // namespace tb
