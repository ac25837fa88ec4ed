#pragma once

#include "pages/unsavedchanges.h"
#include "pages/workspacespeclink.h"

#include <QMainWindow>
#include <QVector>

class QAction;
class QMenu;
class QTabWidget;

namespace tb {

class RecentWorkspacesMenu;
class CompareCommands;
class CompareView;
class DeviceModelList;
class EditMenu;
class HelpMenu;
class NewSpecFromKernel;
class OpenCaptureFolder;
class SpecRunLink;
class ResultCodeLink;
class ResultsFeed;
class ResultsPage;
class RunPage;
class SessionController;
class SpecPages;
class Savable;
class WorkspaceActions;
class WorkspaceController;

// The workbench's window: the pages (tabs), menus and status bar, and the open workspace
// (WorkspaceActions). It owns the session controller (the engine's door for a run) and the
// results on show (feed, model), and hands them to the pages that drive or view them, as KDAB
// hotspot's main window does with its models; collaborators wire the pages together:
// CompareCommands (the Compare page's ways in), ResultCodeLink (from a result to its code) and
// WorkspaceSpecLink (the spec of the workspace open). Geometry, window and splitter states, the
// last page, the recent workspaces and the last spec, workspace and worker count persist in
// QSettings.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // Answers "run this spec into a workspace whose runs it has none of?": Yes runs it.
    using WorkspaceSpecPrompt = WorkspaceSpecLink::Prompt;

    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    RunPage *runPage() const { return m_runPage; }
    ResultsPage *resultsPage() const { return m_resultsPage; }
    // The device models of the results on show, and the one the Results page ranks.
    DeviceModelList *deviceModels() const { return m_deviceModels; }
    SpecPages *specPages() const { return m_specPages; }
    // File > New spec from kernel... (Ctrl+Shift+N): a Triton kernel's starting spec.
    NewSpecFromKernel *newSpecFromKernel() const { return m_newSpecFromKernel; }
    // File > Open capture folder...: a tunebench-capture folder's spec and what is left in it.
    OpenCaptureFolder *openCaptureFolder() const { return m_openCaptureFolder; }
    // Edit: Undo / Redo of the current page, Preferences (editMenu()->preferences()).
    EditMenu *editMenu() const { return m_editMenu; }
    // Help: Getting started (F1), Spec reference, Keyboard shortcuts, About.
    HelpMenu *helpMenu() const { return m_helpMenu; }
    // Keeps the Run form's spec and the Space / Kernel pages' on one file; saves edits of the
    // spec being run before a run (after asking).
    SpecRunLink *specRunLink() const { return m_specRunLink; }
    CompareView *compareView() const { return m_compare; }
    WorkspaceActions *workspaceActions() const { return m_workspaceActions; }
    WorkspaceController *workspace() const;
    QTabWidget *pages() const { return m_pages; }
    RecentWorkspacesMenu *recentMenu() const;
    QAction *exportAction() const;
    QAction *pauseAction() const { return m_pauseAction; }
    // Run > Verify export... (Ctrl+Shift+E); disabled while a run is going.
    QAction *verifyAction() const { return m_verifyAction; }

    // Adds a page as a tab (Ctrl+<n> shows it). Give the page an objectName: it names the
    // page in the settings (the last page shown), and its splitters' objectNames name theirs.
    void addPage(QWidget *page, const QString &title);
    // Pages that edit documents register here: closing the window, or a new or opened
    // workspace, first offers to save what is modified. Remove one before destroying it.
    void addSavable(Savable *savable);
    void removeSavable(Savable *savable);
    // Replaces the Save / Discard / Cancel message box (tests answer it).
    void setSavePrompt(UnsavedChanges::Prompt prompt);
    // Replaces the message box Start shows before it runs a spec into the open workspace whose
    // runs are of other specs (tests answer it).
    void setWorkspaceSpecPrompt(WorkspaceSpecPrompt prompt);

    // Overrides the remembered spec (the command line's SPEC). The workspace opened at
    // start-up then keeps it, even where its run shown ran another spec.
    void setSpecPath(const QString &path);
    // Opens the Run form's workspace if that file exists (at start-up; never runs anything).
    void openLastWorkspace();

public slots:
    void openSpec();
    // Shows the results selected in the Results page side by side (Ctrl+D).
    void compareSelected();
    // Offers the workspace's runs; the checked ones' best configurations are compared
    // (Ctrl+Shift+D).
    void compareRuns();
    // Loads the runs off the GUI thread and compares their best configurations.
    void compareRunIds(const QVector<qint64> &runIds);
    // Help > About Tunebench: version, commit, Qt, NVRTC and the CUDA driver.
    void showAbout();
    // Opens the Verify export dialog: an export's configurations measured again.
    void verifyExport();

signals:
    // Every message box the window shows (also in the status bar); tests watch it.
    void messageShown(const QString &title, const QString &text);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createFileMenu();
    void createRunMenu();
    void addEditingPages();
    void addNewSpecFromKernel();
    void addOpenCaptureFolder();
    void setWorkspaceTitle(const QString &path);
    void restoreSettings();
    void saveSettings() const;
    void showMessage(const QString &title, const QString &text, const QString &detail = {});
    void showStatus(const QString &text);

    UnsavedChanges m_unsaved;
    SessionController *m_session; // before the pages that use it
    ResultsFeed *m_feed;
    RunPage *m_runPage;
    QTabWidget *m_pages;
    WorkspaceActions *m_workspaceActions;
    QMenu *m_fileMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QAction *m_pauseAction = nullptr;
    QAction *m_verifyAction = nullptr;
    SpecPages *m_specPages = nullptr;
    NewSpecFromKernel *m_newSpecFromKernel = nullptr;
    OpenCaptureFolder *m_openCaptureFolder = nullptr;
    CompareView *m_compare = nullptr;
    EditMenu *m_editMenu = nullptr;
    HelpMenu *m_helpMenu = nullptr;
    SpecRunLink *m_specRunLink = nullptr;
    ResultsPage *m_resultsPage = nullptr;
    DeviceModelList *m_deviceModels = nullptr;
    CompareCommands *m_compareCommands = nullptr;
    ResultCodeLink *m_resultCodeLink = nullptr;
    WorkspaceSpecLink *m_workspaceSpecLink = nullptr;
    QString m_lastPageName; // from the settings: the page to show once it is added
};

} // namespace tb
