#include "mainwindow.h"

#include "compare/comparecommands.h"
#include "compare/compareview.h"
#include "dialogs/newspecfromkernel.h"
#include "dialogs/opencapturefolder.h"
#include "dialogs/specrunlink.h"
#include "dialogs/verifyexportdialog.h"
#include "help/helpmenu.h"
#include "kernel/kernelpage.h"
#include "models/devicemodellist.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "pages/specpages.h"
#include "space/spacepage.h"

#include "pages/recentworkspacesmenu.h"
#include "pages/runform.h"
#include "pages/runpage.h"
#include "pages/workspaceactions.h"
#include "results/resultcodelink.h"
#include "results/resultspage.h"
#include "session/sessioncontroller.h"
#include "session/windowsettings.h"
#include "session/workspacecontroller.h"
#include "settings/appsettings.h"
#include "settings/editmenu.h"
#include "settings/preferencescontroller.h"

#include <QAbstractProxyModel>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

namespace tb {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new SessionController(this)), m_feed(new ResultsFeed(this)),
      m_runPage(new RunPage(m_session, m_feed, this)), m_pages(new QTabWidget(this)),
      m_workspaceActions(new WorkspaceActions(m_runPage, &m_unsaved, this))
{
    // "[*]": Qt shows the mark while the spec or its kernel has unsaved edits.
    setWindowTitle(tr("Tunebench[*]"));
    m_pages->setDocumentMode(true);
    setCentralWidget(m_pages);
    createFileMenu();
    m_editMenu = new EditMenu(m_pages, this);
    menuBar()->addMenu(m_editMenu);
    // A new compile workers preference is the Run form's new worker count.
    connect(m_editMenu->preferences(), &PreferencesController::compileWorkersChanged,
            m_runPage->form(), &RunForm::setWorkers);
    createRunMenu();
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_helpMenu = new HelpMenu(this, m_pages);
    menuBar()->addMenu(m_helpMenu);

    connect(m_runPage, &RunPage::statusMessage, this, &MainWindow::showStatus);
    connect(m_runPage, &RunPage::runFailed, this, [this](const QString &message) {
        showMessage(tr("The run failed"), message.section(QLatin1Char('\n'), 0, 0), message);
    });
    connect(m_workspaceActions, &WorkspaceActions::statusMessage, this, &MainWindow::showStatus);
    connect(m_workspaceActions, &WorkspaceActions::message, this,
            [this](const QString &title, const QString &text) { showMessage(title, text); });
    connect(m_workspaceActions, &WorkspaceActions::workspaceChanged, this,
            &MainWindow::setWorkspaceTitle);

    statusBar()->showMessage(tr("Ready"));
    resize(1240, 780);
    restoreSettings();
    addPage(m_runPage, tr("&Run"));
    // The Results page views the results the Run page shows (live or stored), one device model
    // at a time where they name several.
    m_deviceModels = new DeviceModelList(m_feed->model(), this);
    m_resultsPage = new ResultsPage(m_feed, m_deviceModels, this);
    connect(m_runPage, &RunPage::shownRunNoteChanged, m_resultsPage, &ResultsPage::setRunNote);
    addPage(m_resultsPage, tr("Res&ults"));
    addEditingPages();
}

// The Space and Kernel pages edit the spec the Run page runs; Compare shows the results
// selected in the Results page's table side by side (Ctrl+D).
void MainWindow::addEditingPages()
{
    m_specPages = new SpecPages(this);
    connect(m_specPages, &SpecPages::message, this,
            [this](const QString &title, const QString &text) { showMessage(title, text); });
    addPage(m_specPages->spacePage(), tr("&Space"));
    addPage(m_specPages->kernelPage(), tr("&Kernel"));
    addSavable(m_specPages->specSavable());
    addSavable(m_specPages->kernelSavable());
    connect(m_specPages, &SpecPages::modificationChanged, this,
            [this] { setWindowModified(m_specPages->isModified()); });
    // In the File menu too; its Ctrl+S acts while the Space page has the focus (the Kernel
    // page's Ctrl+S saves the kernel).
    m_fileMenu->insertAction(m_workspaceActions->exportAction(),
                             m_specPages->spacePage()->saveAction());
    m_editMenu->addUndoTarget(m_specPages->spacePage(), m_specPages->spacePage()->undoAction(),
                              m_specPages->spacePage()->redoAction());
    // editActions(): Save, Compile config, Find, Find next, Find previous, Undo, Redo.
    const QList<QAction *> kernelActions = m_specPages->kernelPage()->editActions();
    m_editMenu->addUndoTarget(m_specPages->kernelPage(), kernelActions.value(5),
                              kernelActions.value(6));
    m_compare = new CompareView(this);
    m_compare->setObjectName(QStringLiteral("comparePage"));
    addPage(m_compare, tr("&Compare"));
    // Another workspace (Open, New): the configurations compared were the last one's.
    connect(workspace(), &WorkspaceController::opened, m_compare,
            [this] { m_compare->setResults({}); });
    m_compareCommands =
        new CompareCommands({m_runPage, m_resultsPage, m_compare, m_pages}, workspace(), this);
    connect(m_compareCommands, &CompareCommands::statusMessage, this, &MainWindow::showStatus);
    connect(m_compareCommands, &CompareCommands::message, this,
            [this](const QString &title, const QString &text) { showMessage(title, text); });
    QAction *compare =
        m_viewMenu->addAction(tr("Compare &Selected Results"), this, &MainWindow::compareSelected);
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    m_resultsPage->view()->addAction(compare); // on the table's context menu too
    QAction *compareRuns =
        m_viewMenu->addAction(tr("Compare &Runs..."), this, &MainWindow::compareRuns);
    compareRuns->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    compareRuns->setStatusTip(tr("Compare the best configurations of runs in the workspace"));
    m_specPages->open(m_runPage->form()->specPath());
    m_specRunLink = new SpecRunLink(m_runPage->form(), m_specPages, &m_unsaved, this);
    connect(m_specRunLink, &SpecRunLink::runCancelled, this,
            [this](const QString &reason) { statusBar()->showMessage(reason); });
    m_resultCodeLink = new ResultCodeLink({m_runPage, m_resultsPage, m_specPages, m_pages},
                                          m_deviceModels, m_compareCommands, this);
    connect(m_resultCodeLink, &ResultCodeLink::statusMessage, this, &MainWindow::showStatus);
    m_workspaceSpecLink = new WorkspaceSpecLink(m_runPage, workspace(), m_specRunLink, this);
    connect(m_workspaceSpecLink, &WorkspaceSpecLink::statusMessage, this, &MainWindow::showStatus);
    addNewSpecFromKernel();
    addOpenCaptureFolder();
}

// File > New spec from kernel..., beside Open spec: the starting spec opens in the Space page
// (the Run form follows it through SpecRunLink), with the guesses to check in a message.
void MainWindow::addNewSpecFromKernel()
{
    m_newSpecFromKernel = new NewSpecFromKernel(m_specPages, &m_unsaved, this);
    auto *action = new QAction(tr("&New spec from kernel..."), this);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    action->setStatusTip(tr("Start a spec from a Triton kernel file, its @triton.autotune "
                            "configurations as the grid (tunebench-cli new-spec)"));
    connect(action, &QAction::triggered, m_newSpecFromKernel, &NewSpecFromKernel::choose);
    m_fileMenu->insertAction(m_specPages->spacePage()->saveAction(), action);
    connect(m_newSpecFromKernel, &NewSpecFromKernel::failed, this,
            [this](const QString &title, const QString &text) { showMessage(title, text); });
    connect(m_newSpecFromKernel, &NewSpecFromKernel::opened, this,
            [this](const QString &specPath, const QString &guesses) {
                m_pages->setCurrentWidget(m_specPages->spacePage());
                showMessage(tr("Check the starting spec"),
                            tr("%1 is a starting spec, not saved yet: check these guesses, then "
                               "Save spec.\n%2")
                                .arg(QFileInfo(specPath).fileName(), guesses));
            });
}

// File > Open capture folder..., beside New spec from kernel: the capture's spec.json (the
// skeleton, written when absent) opens in the Space page, with what is left to fill in.
void MainWindow::addOpenCaptureFolder()
{
    m_openCaptureFolder = new OpenCaptureFolder(m_specPages, &m_unsaved, this);
    auto *action = new QAction(tr("Open &capture folder..."), this);
    action->setStatusTip(tr("Open the spec of a folder tunebench-capture wrote, and see what is "
                            "left to fill in (tunebench-cli capture-skeleton)"));
    connect(action, &QAction::triggered, m_openCaptureFolder, &OpenCaptureFolder::choose);
    m_fileMenu->insertAction(m_specPages->spacePage()->saveAction(), action);
    connect(m_openCaptureFolder, &OpenCaptureFolder::failed, this,
            [this](const QString &title, const QString &text) { showMessage(title, text); });
    connect(m_openCaptureFolder, &OpenCaptureFolder::opened, this,
            [this](const QString &specPath, const QString &left) {
                m_pages->setCurrentWidget(m_specPages->spacePage());
                const QString name = QDir(QFileInfo(specPath).absolutePath()).dirName();
                if (left.isEmpty())
                    showStatus(tr("Opened the spec of the capture %1").arg(name));
                else
                    showMessage(tr("Fill in the capture's spec"),
                                tr("The spec of the capture %1 has fields left to fill in "
                                   "(JSON pointer: what); then Save spec.\n%2")
                                    .arg(name, left));
            });
}

MainWindow::~MainWindow() = default;

WorkspaceController *MainWindow::workspace() const
{
    return m_workspaceActions->workspace();
}

RecentWorkspacesMenu *MainWindow::recentMenu() const
{
    return m_workspaceActions->recentMenu();
}

QAction *MainWindow::exportAction() const
{
    return m_workspaceActions->exportAction();
}

void MainWindow::createFileMenu()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    m_fileMenu = file;
    file->addAction(m_workspaceActions->newAction());
    file->addAction(m_workspaceActions->openAction());
    file->addMenu(m_workspaceActions->recentMenu());
    file->addAction(m_workspaceActions->saveAsAction());
    file->addSeparator();
    QAction *spec = file->addAction(tr("Open &spec..."), this, &MainWindow::openSpec);
    spec->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(m_workspaceActions->exportAction());
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
}

void MainWindow::createRunMenu()
{
    QMenu *run = menuBar()->addMenu(tr("&Run"));
    // Through the form: edits of the spec being run are saved first (SpecRunLink).
    QAction *start = run->addAction(tr("&Start"), m_runPage->form(), &RunForm::requestStart);
    start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_pauseAction = run->addAction(tr("&Pause"), m_runPage, &RunPage::togglePause);
    m_pauseAction->setShortcuts(
        {QKeySequence(Qt::Key_F8), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
    m_pauseAction->setStatusTip(tr("Start no new configurations until resumed; those in flight "
                                   "finish and are kept"));
    m_pauseAction->setEnabled(false);
    QAction *stop = run->addAction(tr("S&top"), m_runPage, &RunPage::stopRun);
    stop->setShortcuts({QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    stop->setEnabled(false);
    run->addSeparator();
    m_verifyAction = run->addAction(tr("&Verify export..."), this, &MainWindow::verifyExport);
    m_verifyAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_verifyAction->setStatusTip(tr("Measure the configurations a JSON export ships again on "
                                    "this machine and compare (tunebench-cli verify)"));
    connect(m_runPage, &RunPage::runningChanged, this, [this, start, stop](bool running) {
        start->setEnabled(!running);
        stop->setEnabled(running);
        m_pauseAction->setEnabled(running);
        // One measurement at a time: a run beside the check would slow both.
        m_verifyAction->setEnabled(!running);
    });
    connect(m_runPage, &RunPage::pausedChanged, this,
            [this](bool paused) { m_pauseAction->setText(paused ? tr("&Resume") : tr("&Pause")); });
}

void MainWindow::verifyExport()
{
    auto *dialog = new VerifyExportDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open(); // window-modal, never exec(): no run starts while it measures
}

void MainWindow::addPage(QWidget *page, const QString &title)
{
    const int index = m_pages->addTab(page, title);
    QAction *show =
        m_viewMenu->addAction(title, this, [this, page] { m_pages->setCurrentWidget(page); });
    if (index < 9)
        show->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + index)));
    WindowSettings::restoreSplitters(page);
    if (!page->objectName().isEmpty() && page->objectName() == m_lastPageName)
        m_pages->setCurrentWidget(page);
}

void MainWindow::addSavable(Savable *savable)
{
    m_unsaved.add(savable);
}

void MainWindow::removeSavable(Savable *savable)
{
    m_unsaved.remove(savable);
}

void MainWindow::setSavePrompt(UnsavedChanges::Prompt prompt)
{
    m_unsaved.setPrompt(std::move(prompt));
}

void MainWindow::setWorkspaceSpecPrompt(WorkspaceSpecPrompt prompt)
{
    m_workspaceSpecLink->setPrompt(std::move(prompt));
}

void MainWindow::setSpecPath(const QString &path)
{
    m_workspaceSpecLink->setSpecGiven(!path.isEmpty());
    m_runPage->form()->setSpecPath(path); // the spec pages follow (SpecRunLink)
}

void MainWindow::openLastWorkspace()
{
    const QString path = m_runPage->form()->workspacePath();
    m_workspaceSpecLink->openingStartupWorkspace(path);
    m_workspaceActions->openLastWorkspace();
}

void MainWindow::openSpec()
{
    m_runPage->form()->browseSpec();
}

void MainWindow::setWorkspaceTitle(const QString &path)
{
    setWindowFilePath(path);
    setWindowTitle(tr("%1[*] - Tunebench").arg(QFileInfo(path).fileName()));
}

void MainWindow::compareSelected()
{
    m_compareCommands->compareSelected();
}

void MainWindow::compareRuns()
{
    m_compareCommands->compareRuns();
}

void MainWindow::compareRunIds(const QVector<qint64> &runIds)
{
    m_compareCommands->compareRunIds(runIds);
}

void MainWindow::showAbout()
{
    m_helpMenu->showAbout();
}

void MainWindow::showStatus(const QString &text)
{
    statusBar()->showMessage(text);
}

// The first line is the message; the rest (or detail) goes below it.
void MainWindow::showMessage(const QString &title, const QString &text, const QString &detail)
{
    const QString headline = text.section(QLatin1Char('\n'), 0, 0);
    // open(), not exec(): a message never blocks the GUI thread (or an offscreen test).
    auto *box = new QMessageBox(QMessageBox::Warning, title, headline, QMessageBox::Ok, this);
    const QString more = detail.isEmpty() ? text.section(QLatin1Char('\n'), 1) : detail;
    if (!more.isEmpty())
        box->setInformativeText(more);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    statusBar()->showMessage(headline);
    emit messageShown(title, text);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_unsaved.resolve(this)) {
        event->ignore();
        return;
    }
    // The controller's destructor stops the run and waits for its workers to shut down.
    m_runPage->stopRun();
    saveSettings();
    event->accept();
}

void MainWindow::restoreSettings()
{
    m_lastPageName = WindowSettings::restore(this);
    QSettings settings;
    RunForm *form = m_runPage->form();
    form->setSpecPath(settings.value(QStringLiteral("run/spec")).toString());
    form->setWorkspacePath(
        settings
            .value(QStringLiteral("run/workspace"),
                   QDir::current().absoluteFilePath(QStringLiteral("tunebench.tbw")))
            .toString());
    // Without a remembered count the form has the compile workers preference.
    if (settings.contains(QStringLiteral("run/workers")))
        form->setWorkers(settings.value(QStringLiteral("run/workers")).toInt());
}

void MainWindow::saveSettings() const
{
    WindowSettings::save(this, m_pages);
    QSettings settings;
    const RunForm *form = m_runPage->form();
    settings.setValue(QStringLiteral("run/spec"), form->specPath());
    settings.setValue(QStringLiteral("run/workspace"), form->workspacePath());
    // Remembered only when it is not the preference, so that it follows a new preference.
    if (form->workers() == AppSettings().compileWorkers())
        settings.remove(QStringLiteral("run/workers"));
    else
        settings.setValue(QStringLiteral("run/workers"), form->workers());
}

} // namespace tb
