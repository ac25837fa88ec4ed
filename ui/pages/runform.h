#pragma once

#include "session/runrequest.h"

#include <QWidget>

class QLineEdit;
class QPushButton;
class QSpinBox;

namespace tb {

// The inputs of a run: spec file, workspace file, worker count, and the Start / Stop buttons.
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

    // Inputs are locked while a run goes; Start and Stop swap.
    void setRunning(bool running);
    QPushButton *startButton() const { return m_start; }
    QPushButton *stopButton() const { return m_stop; }

public slots:
    void browseSpec();
    void browseWorkspace();

signals:
    void startRequested();
    void stopRequested();

private:
    QLineEdit *m_specPath;
    QLineEdit *m_workspacePath;
    QSpinBox *m_workers;
    QPushButton *m_openSpec;
    QPushButton *m_openWorkspace;
    QPushButton *m_start;
    QPushButton *m_stop;
};

} // namespace tb
