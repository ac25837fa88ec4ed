#include "workspacespeclink.h"

#include "dialogs/specrunlink.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "session/workspacecontroller.h"
#include "tasks/storedrun.h"

#include <QDir>
#include <QFileInfo>
#include <QPushButton>

#include <set>
#include <utility>

namespace tb {

namespace {

QString fileName(const QString &path)
{
    return QFileInfo(path).fileName();
}

// "probe, matmul": the specs the workspace's runs ran, each once, newest first.
QString specNamesOf(const QVector<RunRecord> &runs)
{
    QStringList names;
    std::set<std::string> seen;
    for (const RunRecord &run : runs)
        if (seen.insert(run.specName).second)
            names << QString::fromStdString(run.specName);
    return names.join(QStringLiteral(", "));
}

} // namespace

WorkspaceSpecLink::WorkspaceSpecLink(RunPage *runPage, WorkspaceController *workspace,
                                     SpecRunLink *specRunLink, QWidget *window)
    : QObject(window), m_runPage(runPage), m_workspace(workspace), m_window(window)
{
    connect(workspace, &WorkspaceController::opened, this, &WorkspaceSpecLink::onWorkspaceOpened);
    connect(workspace, &WorkspaceController::runLoaded, this, &WorkspaceSpecLink::onStoredRunShown);
    connect(workspace, &WorkspaceController::failed, this, [this] { m_keepSpecOnOpen = false; });
    connect(workspace, &WorkspaceController::saved, this, [this](const QString &path) {
        m_workspaceSpecs.copy(m_openWorkspace, path);
        m_openWorkspace = path;
    });
    connect(m_runPage, &RunPage::runFinished, this, &WorkspaceSpecLink::onLiveRunEnded);
    connect(m_runPage, &RunPage::runFailed, this, &WorkspaceSpecLink::onLiveRunEnded);
    connect(m_runPage, &RunPage::runningChanged, this, [this](bool running) {
        if (running)
            m_specOnShownRun = SpecOnShownRun::Leave; // the live run's spec is the one open
    });
    // Before SpecRunLink's own check: a Cancel here leaves the spec's edits unsaved.
    m_runPage->form()->setStartGuard(
        [this, specRunLink] { return mayRunIntoWorkspace() && specRunLink->prepareRun(); });
}

void WorkspaceSpecLink::openingStartupWorkspace(const QString &path)
{
    m_keepSpecOnOpen = m_specGiven && !path.isEmpty() && QFileInfo(path).isFile();
}

void WorkspaceSpecLink::onWorkspaceOpened(const QString &path)
{
    // A live run that ended opens its workspace with its own results still shown: its spec
    // is the one open already.
    const bool afterLiveRun = !m_ranInto.isEmpty() && filePathKey(path) == filePathKey(m_ranInto);
    m_ranInto.clear();
    m_openWorkspace = path;
    if (afterLiveRun)
        m_specOnShownRun = SpecOnShownRun::Leave;
    else if (std::exchange(m_keepSpecOnOpen, false))
        m_specOnShownRun = SpecOnShownRun::Keep;
    else
        m_specOnShownRun = SpecOnShownRun::Follow;
}

void WorkspaceSpecLink::onStoredRunShown(const LoadedRun &run)
{
    const QString ranFile = run.specFile.path;
    m_workspaceSpecs.add(m_workspace->path(), ranFile);
    const SpecOnShownRun what = std::exchange(m_specOnShownRun, SpecOnShownRun::Leave);
    RunForm *form = m_runPage->form();
    if (what == SpecOnShownRun::Leave || m_runPage->isRunning() ||
        (!ranFile.isEmpty() && filePathKey(ranFile) == filePathKey(form->specPath())))
        return;
    if (what == SpecOnShownRun::Follow && !ranFile.isEmpty()) {
        // The spec pages follow the form (SpecRunLink): edits made meanwhile are offered for
        // saving first, and a Cancel there keeps the spec open.
        form->setSpecPath(ranFile);
        if (filePathKey(form->specPath()) == filePathKey(ranFile)) {
            emit statusMessage((run.specFile.edited
                                    ? tr("Opened %1, the spec run %2 ran (changed since)")
                                    : tr("Opened %1, the spec run %2 ran"))
                                   .arg(QDir::toNativeSeparators(ranFile))
                                   .arg(run.record.id));
            return;
        }
    }
    const QString why =
        ranFile.isEmpty()
            ? tr("its file is not in %1").arg(QDir::toNativeSeparators(run.specFile.directory))
            : QDir::toNativeSeparators(ranFile);
    emit statusMessage(tr("Run %1 ran spec '%2' (%3); the spec open stays %4, and Start "
                          "asks before running it into this workspace")
                           .arg(run.record.id)
                           .arg(run.outline.name, why, fileName(form->specPath())));
}

void WorkspaceSpecLink::onLiveRunEnded()
{
    const RunForm *form = m_runPage->form();
    m_ranInto = QFileInfo(form->workspacePath()).absoluteFilePath();
    m_workspaceSpecs.add(m_ranInto, form->specPath());
}

bool WorkspaceSpecLink::mayRunIntoWorkspace()
{
    const RunForm *form = m_runPage->form();
    const WorkspaceController *open = m_workspace;
    // A new or empty workspace has nothing to mix with; one the form names that is not open
    // was chosen there for this run.
    if (!open->isOpen() || open->runs().isEmpty() ||
        filePathKey(form->workspacePath()) != filePathKey(open->path()))
        return true;
    const QString spec = form->specPath();
    if (m_workspaceSpecs.belongs(open->path(), spec))
        return true;
    const QString question = tr("Run %1 into %2?").arg(fileName(spec), fileName(open->path()));
    const QString detail =
        tr("%1 holds %n run(s) of %2, and none of them ran %3. Run it there anyway, or cancel "
           "and open the spec of the workspace's runs (File > Open spec) or another workspace.",
           nullptr, int(open->runs().size()))
            .arg(fileName(open->path()), specNamesOf(open->runs()), fileName(spec));
    if (m_prompt(m_window, question, detail) != QMessageBox::Yes) {
        emit statusMessage(tr("Run cancelled: %1 was not run into %2")
                               .arg(fileName(spec), fileName(open->path())));
        return false;
    }
    m_workspaceSpecs.add(open->path(), spec); // asked once
    return true;
}

QMessageBox::StandardButton WorkspaceSpecLink::askWithMessageBox(QWidget *parent,
                                                                 const QString &question,
                                                                 const QString &detail)
{
    QMessageBox box(QMessageBox::Question, tr("Run into this workspace?"), question,
                    QMessageBox::Yes | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("runIntoWorkspaceBox"));
    box.setInformativeText(detail);
    box.button(QMessageBox::Yes)->setText(tr("&Run Here"));
    box.setDefaultButton(QMessageBox::Cancel);
    box.setEscapeButton(QMessageBox::Cancel);
    return QMessageBox::StandardButton(box.exec());
}

} // namespace tb
