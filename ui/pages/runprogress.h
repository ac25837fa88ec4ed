#pragma once

#include "run/sessionevents.h"

#include <QWidget>

class QLabel;
class QProgressBar;

namespace tb {

// The Run page's progress bar and its text: done/total and ETA while running, "Paused" while
// a pause holds, the outcome when the run ends, or what a stored run holds.
class RunProgress : public QWidget
{
    Q_OBJECT
public:
    explicit RunProgress(QWidget *parent = nullptr);

    QString text() const;
    QProgressBar *bar() const { return m_bar; }

    void setBusy(const QString &text); // indeterminate: starting, reading a run
    void setIdle(const QString &text); // empty bar
    void setProgress(const Progress &progress);
    // "Paused" is shown at once; once the session reports the pause, with the configurations
    // still in flight until they have finished.
    void setPaused(bool paused);
    void setFinished(bool stopped);
    void setFailed();
    void setStored(std::uint64_t results, const QString &state);

private:
    void updateText();

    QProgressBar *m_bar;
    QLabel *m_text;
    Progress m_last;
    bool m_paused = false;
};

} // namespace tb
