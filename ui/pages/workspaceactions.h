#pragma once

#include <QObject>
#include <QString>

class QAction;
class QWidget;

namespace tb {

struct LoadedRun;
class RecentWorkspacesMenu;
class RunPage;
class UnsavedChanges;
class WorkspaceController;

// The File menu's workspace actions and what they do: New, Open, Open recent, Save as and
// Export results, kept in step with the Run page. Opening reads the workspace's runs and shows
// the newest (the Run page's run selector picks another); nothing runs. When a live run ends,
// its workspace becomes the open one and lists the new run. Unsaved documents are offered for
// saving before the workspace changes.
class WorkspaceActions : public QObject
{
    Q_OBJECT
public:
    // window parents the file dialogs and the export dialog.
    WorkspaceActions(RunPage *runPage, UnsavedChanges *unsaved, QWidget *window);

    WorkspaceController *workspace() const { return m_workspace; }
    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QAction *saveAsAction() const { return m_saveAs; }
    QAction *exportAction() const { return m_export; }
    RecentWorkspacesMenu *recentMenu() const { return m_recent; }

    // Opens the Run form's workspace if that file exists (at start-up).
    void openLastWorkspace();

public slots:
    void newWorkspace();    // asks for a new file name
    void openWorkspace();   // asks for a file
    void saveWorkspaceAs(); // asks for a file name
    // The same without a file dialog; false when refused (a run is going) or the user
    // cancelled at the unsaved-changes prompt. The outcome comes through workspace().
    bool createWorkspace(const QString &path);
    bool openWorkspaceFile(const QString &path);
    void saveWorkspaceCopy(const QString &path);
    // A file that is gone is dropped from the list, with a message.
    void openRecentWorkspace(const QString &path);
    void exportResults();

signals:
    // Something went wrong, or needs saying in a message box: what, and why.
    void message(const QString &title, const QString &text);
    void statusMessage(const QString &text);
    // The workspace file worked in changed (opened, created, or a saved copy).
    void workspaceChanged(const QString &path);

private:
    bool mayChangeWorkspace();
    void connectWorkspace();
    void updateActions();
    void onOpened(const QString &path);
    void onSaved(const QString &path);
    void onRunLoaded(const LoadedRun &run);
    void onRunningChanged(bool running);
    void onRunEnded();

    RunPage *m_runPage;
    UnsavedChanges *m_unsaved;
    QWidget *m_window;
    WorkspaceController *m_workspace;
    QAction *m_new;
    QAction *m_open;
    QAction *m_saveAs;
    QAction *m_export;
    RecentWorkspacesMenu *m_recent;
    QString m_shownRunPath; // the workspace file of the run the Run page shows
    bool m_keepShownOnOpen = false;
};

} // namespace tb
