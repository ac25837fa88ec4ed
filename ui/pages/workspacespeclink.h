#pragma once

#include "session/workspacespecs.h"

#include <QMessageBox>
#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace tb {

struct LoadedRun;
class RunPage;
class SpecRunLink;
class WorkspaceController;

// The spec of the workspace open. Opening a workspace opens the spec file that its run shown
// ran (found again by WorkspaceController::loadRun), so that the Run, Space and Kernel pages
// show what the results came from; where that file is gone, or the command line named another
// spec, the spec open stays and the status bar says so. Start asks before it runs a spec into
// the open workspace when that workspace holds runs and none of them, as far as the window has
// seen, ran this spec (WorkspaceSpecs).
class WorkspaceSpecLink : public QObject
{
    Q_OBJECT
public:
    // Answers "run this spec into a workspace whose runs it has none of?": Yes runs it.
    using Prompt = std::function<QMessageBox::StandardButton(
        QWidget *parent, const QString &question, const QString &detail)>;

    // window parents the prompt.
    WorkspaceSpecLink(RunPage *runPage, WorkspaceController *workspace, SpecRunLink *specRunLink,
                      QWidget *window);

    // Replaces the message box (tests answer it).
    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }
    // The command line named a spec: the workspace opened at start-up keeps it.
    void setSpecGiven(bool given) { m_specGiven = given; }
    // The workspace at `path` is about to be opened at start-up.
    void openingStartupWorkspace(const QString &path);

signals:
    void statusMessage(const QString &text);

private:
    void onWorkspaceOpened(const QString &path);
    void onStoredRunShown(const LoadedRun &run);
    void onLiveRunEnded();
    bool mayRunIntoWorkspace();
    static QMessageBox::StandardButton askWithMessageBox(QWidget *parent, const QString &question,
                                                         const QString &detail);

    RunPage *m_runPage;
    WorkspaceController *m_workspace;
    QWidget *m_window;
    WorkspaceSpecs m_workspaceSpecs;
    Prompt m_prompt = &WorkspaceSpecLink::askWithMessageBox;
    // What the next run shown does to the spec: a workspace just opened opens its spec, or
    // keeps the spec given on the command line (and says so).
    enum class SpecOnShownRun
    {
        Leave,
        Follow,
        Keep,
    };
    SpecOnShownRun m_specOnShownRun = SpecOnShownRun::Leave;
    bool m_specGiven = false;      // setSpecGiven(): the start-up workspace keeps the spec
    bool m_keepSpecOnOpen = false; // the start-up workspace is being opened with it
    QString m_ranInto;             // the workspace of the live run that just ended
    QString m_openWorkspace;       // the workspace open, for a copy saved as another file
};

} // namespace tb
