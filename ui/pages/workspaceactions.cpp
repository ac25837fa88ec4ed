#include "workspaceactions.h"

#include "dialogs/exportdialog.h"
#include "recentworkspacesmenu.h"
#include "runform.h"
#include "runpage.h"
#include "runprogress.h"
#include "session/loadedrun.h"
#include "session/recentworkspaces.h"
#include "session/workspacecontroller.h"
#include "unsavedchanges.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace tb {

namespace {

QString workspaceFilter()
{
    return QObject::tr("Tunebench workspaces (*.tbw);;All files (*)");
}

QString absolute(const QString &path)
{
    return path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
}

QString withSuffix(const QString &path)
{
    return QFileInfo(path).suffix().isEmpty() ? path + QStringLiteral(".tbw") : path;
}

} // namespace

WorkspaceActions::WorkspaceActions(RunPage *runPage, UnsavedChanges *unsaved, QWidget *window)
    : QObject(window), m_runPage(runPage), m_unsaved(unsaved), m_window(window),
      m_workspace(new WorkspaceController(this)), m_new(new QAction(tr("&New workspace..."), this)),
      m_open(new QAction(tr("&Open workspace..."), this)),
      m_saveAs(new QAction(tr("Save workspace &as..."), this)),
      m_export(new QAction(tr("&Export results..."), this)),
      m_recent(new RecentWorkspacesMenu(tr("Open &recent workspace"), window))
{
    m_new->setShortcut(QKeySequence::New);
    m_new->setStatusTip(tr("Create an empty workspace file"));
    m_open->setShortcut(QKeySequence::Open);
    m_open->setStatusTip(tr("Show the runs stored in a workspace; nothing runs"));
    m_saveAs->setShortcut(QKeySequence::SaveAs);
    m_saveAs->setStatusTip(tr("Copy the workspace to a new file and go on working in the copy"));
    m_export->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_export->setStatusTip(tr("Export the results of the run shown (JSON, CSV)"));
    connect(m_new, &QAction::triggered, this, &WorkspaceActions::newWorkspace);
    connect(m_open, &QAction::triggered, this, &WorkspaceActions::openWorkspace);
    connect(m_saveAs, &QAction::triggered, this, &WorkspaceActions::saveWorkspaceAs);
    connect(m_export, &QAction::triggered, this, &WorkspaceActions::exportResults);
    connect(m_recent, &RecentWorkspacesMenu::workspaceChosen, this,
            &WorkspaceActions::openRecentWorkspace);

    connect(m_runPage, &RunPage::runningChanged, this, &WorkspaceActions::onRunningChanged);
    connect(m_runPage, &RunPage::runFinished, this, &WorkspaceActions::onRunEnded);
    connect(m_runPage, &RunPage::runFailed, this, &WorkspaceActions::onRunEnded);
    connect(m_runPage, &RunPage::shownRunChanged, this, &WorkspaceActions::updateActions);
    connect(m_runPage, &RunPage::storedRunRequested, m_workspace, &WorkspaceController::loadRun);
    connectWorkspace();
    updateActions();
}

void WorkspaceActions::connectWorkspace()
{
    connect(m_workspace, &WorkspaceController::opened, this, &WorkspaceActions::onOpened);
    connect(m_workspace, &WorkspaceController::saved, this, &WorkspaceActions::onSaved);
    connect(m_workspace, &WorkspaceController::runsChanged, this,
            [this] { m_runPage->setStoredRuns(m_workspace->runs(), true); });
    connect(m_workspace, &WorkspaceController::runLoaded, this, &WorkspaceActions::onRunLoaded);
    connect(m_workspace, &WorkspaceController::runLoadFailed, this,
            [this](qint64 runId, const QString &text) {
                m_runPage->progress()->setIdle(tr("run %1 could not be read").arg(runId));
                emit message(tr("Show run %1").arg(runId), text);
            });
    connect(m_workspace, &WorkspaceController::failed, this, &WorkspaceActions::message);
}

void WorkspaceActions::openLastWorkspace()
{
    const QString path = m_runPage->form()->workspacePath();
    if (!path.isEmpty() && QFileInfo(path).isFile())
        m_workspace->open(path);
}

bool WorkspaceActions::mayChangeWorkspace()
{
    return !m_runPage->isRunning() && m_unsaved->resolve(m_window);
}

void WorkspaceActions::newWorkspace()
{
    if (!mayChangeWorkspace())
        return;
    // An existing file is refused by the controller, never replaced: no overwrite question.
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("New workspace"), QFileInfo(m_workspace->path()).absolutePath(),
        workspaceFilter(), nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        m_workspace->create(withSuffix(path));
}

void WorkspaceActions::openWorkspace()
{
    if (!mayChangeWorkspace())
        return;
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open workspace"),
                                                      QFileInfo(m_workspace->path()).absolutePath(),
                                                      workspaceFilter());
    if (!path.isEmpty())
        m_workspace->open(path);
}

void WorkspaceActions::saveWorkspaceAs()
{
    if (m_runPage->isRunning() || !m_workspace->isOpen())
        return;
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save workspace as"),
                                                      m_workspace->path(), workspaceFilter());
    if (!path.isEmpty())
        m_workspace->saveAs(withSuffix(path));
}

bool WorkspaceActions::createWorkspace(const QString &path)
{
    if (!mayChangeWorkspace())
        return false;
    m_workspace->create(path);
    return true;
}

bool WorkspaceActions::openWorkspaceFile(const QString &path)
{
    if (!mayChangeWorkspace())
        return false;
    m_workspace->open(path);
    return true;
}

void WorkspaceActions::saveWorkspaceCopy(const QString &path)
{
    if (!m_runPage->isRunning())
        m_workspace->saveAs(path);
}

void WorkspaceActions::openRecentWorkspace(const QString &path)
{
    if (!QFileInfo::exists(path)) {
        RecentWorkspaces::remove(path);
        m_recent->rebuild();
        emit message(tr("Open recent workspace"),
                     tr("%1 no longer exists. It was removed from the recent workspaces.")
                         .arg(QDir::toNativeSeparators(path)));
        return;
    }
    openWorkspaceFile(path);
}

void WorkspaceActions::exportResults()
{
    if (!m_export->isEnabled())
        return;
    auto *dialog = new ExportDialog(m_shownRunPath, m_runPage->shownRunId(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void WorkspaceActions::updateActions()
{
    const bool running = m_runPage->isRunning();
    for (QAction *action : {m_new, m_open, m_recent->menuAction()})
        action->setEnabled(!running);
    m_saveAs->setEnabled(!running && m_workspace->isOpen());
    m_export->setEnabled(!running && m_runPage->shownRunId() != 0 && !m_shownRunPath.isEmpty());
}

void WorkspaceActions::onOpened(const QString &path)
{
    if (!m_runPage->isRunning())
        m_runPage->form()->setWorkspacePath(path);
    RecentWorkspaces::add(path);
    m_recent->rebuild();
    const bool keep = std::exchange(m_keepShownOnOpen, false);
    if (!keep) {
        m_runPage->clearResults();
        m_shownRunPath.clear();
    }
    m_runPage->setStoredRuns(m_workspace->runs(), keep);
    emit workspaceChanged(path);
    emit statusMessage(
        tr("Opened %1: %n run(s)", nullptr, int(m_workspace->runs().size())).arg(path));
    updateActions();
}

void WorkspaceActions::onSaved(const QString &path)
{
    m_runPage->form()->setWorkspacePath(path);
    m_shownRunPath = path; // the copy holds the same runs
    RecentWorkspaces::add(path);
    m_recent->rebuild();
    emit workspaceChanged(path);
    emit statusMessage(tr("Saved a copy as %1; working in it now").arg(path));
    updateActions();
}

void WorkspaceActions::onRunLoaded(const LoadedRun &run)
{
    if (m_runPage->isRunning())
        return;
    m_shownRunPath = m_workspace->path();
    m_runPage->showStoredRun(run);
    updateActions();
}

void WorkspaceActions::onRunningChanged(bool running)
{
    if (running) {
        m_workspace->cancelLoad(); // the live run fills the views now
        m_shownRunPath = absolute(m_runPage->form()->workspacePath());
    }
    updateActions();
}

// A live run ended: its workspace becomes (or stays) the open one and lists the new run,
// whose results the views already hold.
void WorkspaceActions::onRunEnded()
{
    const QString path = absolute(m_runPage->form()->workspacePath());
    if (path.isEmpty() || !QFileInfo(path).isFile())
        return;
    if (path == m_workspace->path()) {
        m_workspace->refreshRuns();
        return;
    }
    m_keepShownOnOpen = true;
    m_workspace->open(path);
}

} // namespace tb
