#include "mainwindow.h"

#include "pages/runform.h"
#include "pages/runpage.h"
#include "session/sessioncontroller.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QKeySequence>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QShortcut>
#include <QStatusBar>

namespace tb {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent), m_runPage(new RunPage(this))
{
    setWindowTitle(tr("Tunebench"));
    setCentralWidget(m_runPage);
    createActions();
    connect(m_runPage, &RunPage::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message); });
    connect(m_runPage, &RunPage::runFailed, this, &MainWindow::showError);
    statusBar()->showMessage(tr("Ready"));
    resize(1240, 780);
    restoreSettings();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open spec..."), this, &MainWindow::openSpec);
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu *run = menuBar()->addMenu(tr("&Run"));
    QAction *start = run->addAction(tr("&Start"), m_runPage, &RunPage::startRun);
    start->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    QAction *stop = run->addAction(tr("S&top"), m_runPage, &RunPage::stopRun);
    stop->setShortcuts({QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    stop->setEnabled(false);
    connect(m_runPage, &RunPage::runningChanged, this, [start, stop](bool running) {
        start->setEnabled(!running);
        stop->setEnabled(running);
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Tunebench"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::setSpecPath(const QString &path)
{
    m_runPage->form()->setSpecPath(path);
}

void MainWindow::openSpec()
{
    m_runPage->form()->browseSpec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(
        this, tr("About Tunebench"),
        tr("<h3>Tunebench %1</h3>"
           "<p>An autotuning workbench for GPU (and CPU) kernels: declare a kernel's tunable "
           "parameters, run every configuration in isolated worker processes, and compare "
           "timings, derived metrics and resource usage.</p>")
            .arg(QApplication::applicationVersion()));
}

void MainWindow::showError(const QString &message)
{
    // open(), not exec(): an error never blocks the GUI thread (or an offscreen test).
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Tunebench"), tr("The run failed."),
                                QMessageBox::Ok, this);
    box->setInformativeText(message.section(QLatin1Char('\n'), 0, 0));
    box->setDetailedText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // The controller's destructor stops the run and waits for its workers to shut down.
    m_runPage->stopRun();
    saveSettings();
    event->accept();
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    RunForm *form = m_runPage->form();
    form->setSpecPath(settings.value(QStringLiteral("run/spec")).toString());
    form->setWorkspacePath(
        settings
            .value(QStringLiteral("run/workspace"),
                   QDir::current().absoluteFilePath(QStringLiteral("tunebench.tbw")))
            .toString());
    if (settings.contains(QStringLiteral("run/workers")))
        form->setWorkers(settings.value(QStringLiteral("run/workers")).toInt());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    const RunForm *form = m_runPage->form();
    settings.setValue(QStringLiteral("run/spec"), form->specPath());
    settings.setValue(QStringLiteral("run/workspace"), form->workspacePath());
    settings.setValue(QStringLiteral("run/workers"), form->workers());
}

} // namespace tb
