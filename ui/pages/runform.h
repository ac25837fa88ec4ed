#pragma once

#include "session/runrequest.h"

#include <QWidget>

class QLineEdit;
class QPushButton;
class QSpinBox;

namespace tb {

// The inputs of a run: spec file, workspace file, worker count, and the Start / Pause / Stop
// buttons.
class RunForm : public QWidget
{
    Q_OBJECT
public:
    explicit RunForm(QWidget *parent = nullptr);

    QString specPath() const;
    void setSpecPath(const QString &path);
    QString workspacePath() const;
    void setWorkspacePath(const QString &path);
    int workers() const;
    void setWorkers(int workers);
    RunRequest request() const;

    // Inputs are locked while a run goes; Start and Stop swap; Pause works while running.
    void setRunning(bool running);
    // The Pause button reads "Resume" while paused.
    void setPaused(bool paused);
    QPushButton *startButton() const { return m_start; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *stopButton() const { return m_stop; }

public slots:
    void browseSpec();
    void browseWorkspace();

signals:
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
    bool m_paused = false;
};

} // namespace tb
