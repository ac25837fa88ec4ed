#include "runform.h"

#include "runbudget.h"
#include "settings/appsettings.h"
#include "settings/workersspinbox.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyle>

namespace tb {

RunForm::RunForm(QWidget *parent)
    : QWidget(parent), m_specPath(new QLineEdit(this)), m_workspacePath(new QLineEdit(this)),
      m_workers(new WorkersSpinBox(tr("Auto"), AppSettings::kMaxWorkers, this)),
      m_openSpec(new QPushButton(tr("Open..."), this)),
      m_openWorkspace(new QPushButton(tr("Browse..."), this)),
      m_start(new QPushButton(tr("Start"), this)), m_pause(new QPushButton(tr("Pause"), this)),
      m_stop(new QPushButton(tr("Stop"), this)), m_budget(new RunBudget(this))
{
    m_specPath->setObjectName(QStringLiteral("specPath"));
    m_specPath->setPlaceholderText(tr("tuning spec (.json)"));
    m_workspacePath->setObjectName(QStringLiteral("workspacePath"));
    m_workspacePath->setPlaceholderText(tr("workspace file (.tbw)"));
    m_workers->setValue(AppSettings().compileWorkers()); // 0 (Auto): the engine chooses
    m_workers->setToolTip(tr("Compile workers; Auto: 8 per GPU, at least 16, at most one per "
                             "core"));
    m_start->setObjectName(QStringLiteral("startButton"));
    m_start->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_start->setToolTip(tr("Start tuning (Ctrl+R)"));
    m_start->setDefault(true);
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_stop->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    m_stop->setToolTip(tr("Stop after the configurations in flight (Esc, Ctrl+.)"));
    m_stop->setEnabled(false);
    m_pause->setObjectName(QStringLiteral("pauseButton"));
    m_pause->setEnabled(false);
    setPaused(false);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Spec:"), this), 0, 0);
    layout->addWidget(m_specPath, 0, 1);
    layout->addWidget(m_openSpec, 0, 2);
    layout->addWidget(new QLabel(tr("Workers:"), this), 0, 3);
    layout->addWidget(m_workers, 0, 4);
    layout->addWidget(m_start, 0, 5);
    layout->addWidget(m_pause, 0, 6);
    layout->addWidget(new QLabel(tr("Workspace:"), this), 1, 0);
    layout->addWidget(m_workspacePath, 1, 1);
    layout->addWidget(m_openWorkspace, 1, 2);
    layout->addWidget(m_stop, 1, 5);
    layout->addWidget(m_budget, 2, 0, 1, 7);
    layout->setColumnStretch(1, 1);

    connect(m_openSpec, &QPushButton::clicked, this, &RunForm::browseSpec);
    connect(m_openWorkspace, &QPushButton::clicked, this, &RunForm::browseWorkspace);
    connect(m_specPath, &QLineEdit::editingFinished, this, &RunForm::announceSpecPath);
    connect(m_start, &QPushButton::clicked, this, &RunForm::requestStart);
    connect(m_stop, &QPushButton::clicked, this, &RunForm::stopRequested);
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (m_paused)
            emit resumeRequested();
        else
            emit pauseRequested();
    });
}

QString RunForm::specPath() const
{
    return m_specPath->text().trimmed();
}

void RunForm::setSpecPath(const QString &path)
{
    m_specPath->setText(path);
    announceSpecPath();
}

void RunForm::announceSpecPath()
{
    const QString path = specPath();
    if (path == m_announcedSpecPath)
        return;
    m_announcedSpecPath = path;
    emit specPathChanged(path);
}

QString RunForm::workspacePath() const
{
    return m_workspacePath->text().trimmed();
}

void RunForm::setWorkspacePath(const QString &path)
{
    m_workspacePath->setText(path);
}

int RunForm::workers() const
{
    return m_workers->value();
}

void RunForm::setWorkers(int workers)
{
    m_workers->setValue(workers);
}

RunRequest RunForm::request() const
{
    RunRequest request;
    request.specPath = specPath();
    request.workspacePath = workspacePath();
    request.workers = workers();
    m_budget->apply(request);
    const AppSettings preferences;
    request.enabledGpus = preferences.enabledGpus();
    request.measurementDefaults = preferences.measurement();
    request.launcherPreference = preferences.launcherPreference();
    return request;
}

void RunForm::requestStart()
{
    // A path typed without leaving the field: the pages follow it first. When the user
    // cancelled that (the path went back), nothing starts.
    const QString typed = specPath();
    announceSpecPath();
    if (specPath() != typed)
        return;
    if (!m_startGuard || m_startGuard())
        emit startRequested();
}

void RunForm::setRunning(bool running)
{
    for (QWidget *input :
         {static_cast<QWidget *>(m_specPath), static_cast<QWidget *>(m_openSpec),
          static_cast<QWidget *>(m_workspacePath), static_cast<QWidget *>(m_openWorkspace),
          static_cast<QWidget *>(m_workers), static_cast<QWidget *>(m_budget),
          static_cast<QWidget *>(m_start)})
        input->setEnabled(!running);
    m_stop->setEnabled(running);
    m_pause->setEnabled(running);
    if (!running)
        setPaused(false);
}

void RunForm::setPaused(bool paused)
{
    m_paused = paused;
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    m_pause->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
    m_pause->setToolTip(paused ? tr("Resume issuing configurations (F8)")
                               : tr("Pause: start no new configurations; those in flight "
                                    "finish and are kept (F8)"));
}

void RunForm::browseSpec()
{
    const QString start = QFileInfo(specPath()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open tuning spec"), start,
                                                      tr("Tuning specs (*.json);;All files (*)"));
    if (!path.isEmpty())
        setSpecPath(path);
}

void RunForm::browseWorkspace()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Workspace"), workspacePath(), tr("Tunebench workspaces (*.tbw);;All files (*)"),
        nullptr, QFileDialog::DontConfirmOverwrite);
    if (!path.isEmpty())
        setWorkspacePath(path);
}

} // namespace tb
