#include "runpage.h"

#include "models/resultsmodel.h"
#include "plots/timelineplot.h"
#include "resultdetails.h"
#include "runform.h"
#include "runprogress.h"
#include "runselector.h"
#include "session/sessioncontroller.h"
#include "session/storedrun.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace tb {

namespace {
constexpr int kMaxLogLines = 5000;
} // namespace

RunPage::RunPage(QWidget *parent)
    : QWidget(parent), m_controller(new SessionController(this)), m_form(new RunForm(this)),
      m_runSelector(new RunSelector(this)), m_progress(new RunProgress(this)),
      m_plot(new TimelinePlot(this)), m_model(new ResultsModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_table(new QTableView(this)),
      m_filter(new QLineEdit(this)), m_details(new ResultDetails(this)),
      m_log(new QPlainTextEdit(this)), m_splitter(new QSplitter(Qt::Vertical, this)),
      m_flushTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("runPage"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("Worker and session log"));

    m_plot->setMinimumHeight(180);
    m_splitter->setObjectName(QStringLiteral("runPageSplitter"));
    m_splitter->addWidget(m_plot);
    m_splitter->addWidget(buildResultsPane());
    m_splitter->addWidget(m_log);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setStretchFactor(2, 1);
    m_splitter->setSizes({330, 300, 110});

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_form);
    layout->addWidget(m_runSelector);
    layout->addWidget(m_progress);
    layout->addWidget(m_splitter, 1);

    m_flushTimer->setInterval(100);
    connect(m_flushTimer, &QTimer::timeout, this, &RunPage::flushPending);
    connect(m_form, &RunForm::startRequested, this, &RunPage::startRun);
    connect(m_form, &RunForm::stopRequested, this, &RunPage::stopRun);
    connect(m_form, &RunForm::pauseRequested, this, &RunPage::pauseRun);
    connect(m_form, &RunForm::resumeRequested, this, &RunPage::resumeRun);
    connect(m_runSelector, &RunSelector::runChosen, this, &RunPage::requestStoredRun);
    connectController();
}

QWidget *RunPage::buildResultsPane()
{
    auto *pane = new QWidget(this);
    m_filter->setPlaceholderText(tr("Filter results (status, config, size...)"));
    m_filter->setClearButtonEnabled(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_proxy);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // arrival order
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->horizontalHeader()->setDefaultSectionSize(95);
    m_table->horizontalHeader()->setMinimumSectionSize(60);
    // The config text is the widest and most telling column: it takes the spare width.
    m_table->horizontalHeader()->setSectionResizeMode(ResultsModel::ConfigColumn,
                                                      QHeaderView::Stretch);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &RunPage::showSelectedResult);
    connect(m_model, &QAbstractItemModel::modelReset, m_details, &ResultDetails::clear);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_table);

    // The details of the selected result sit beside the table.
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("runPageResultsSplitter")); // its state is kept
    split->addWidget(pane);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    return split;
}

void RunPage::showSelectedResult(const QModelIndex &current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid()) {
        m_details->clear();
        return;
    }
    m_details->showResult(m_model->resultAt(source.row()));
}

void RunPage::connectController()
{
    connect(m_controller, &SessionController::specLoaded, this, &RunPage::onSpecLoaded);
    connect(m_controller, &SessionController::runStarted, this, [this](qint64 id, bool resumed) {
        setShownRunId(id);
        appendLog(resumed ? tr("Resuming run %1").arg(id) : tr("Started run %1").arg(id));
    });
    connect(m_controller, &SessionController::spaceSized, this, &RunPage::onSpaceSized);
    connect(m_controller, &SessionController::resultArrived, this,
            [this](const ResultEvent &event) { m_pending.append(event); });
    connect(m_controller, &SessionController::progressChanged, m_progress,
            &RunProgress::setProgress);
    connect(m_controller, &SessionController::pausedChanged, this, &RunPage::onPausedChanged);
    connect(m_controller, &SessionController::logLine, this, &RunPage::appendLog);
    connect(m_controller, &SessionController::finished, this, &RunPage::onFinished);
    connect(m_controller, &SessionController::failed, this, &RunPage::onFailed);
}

bool RunPage::isRunning() const
{
    return m_controller->isRunning();
}

bool RunPage::isPaused() const
{
    return m_controller->isPaused();
}

void RunPage::setShownRunId(qint64 runId)
{
    if (runId == m_shownRunId)
        return;
    m_shownRunId = runId;
    emit shownRunChanged(runId);
}

void RunPage::setStoredRuns(const QVector<RunRecord> &runs, bool keepShown)
{
    if (keepShown && m_runSelector->setRuns(runs, m_shownRunId) == m_shownRunId)
        return;
    const qint64 newest = m_runSelector->setRuns(runs);
    if (newest == 0) {
        clearResults();
        m_progress->setIdle(tr("no runs in this workspace yet"));
        return;
    }
    requestStoredRun(newest);
}

void RunPage::requestStoredRun(qint64 runId)
{
    if (isRunning())
        return;
    m_progress->setBusy(tr("reading run %1...").arg(runId));
    emit storedRunRequested(runId);
}

void RunPage::showStoredRun(const LoadedRun &run)
{
    if (isRunning())
        return; // a live run owns the views
    m_pending.clear();
    m_model->reset(run.metricNames, run.cuda);
    m_plot->clear();
    for (int i = 0; i < run.sizeLabels.size(); ++i) {
        m_model->setSizeLabel(std::size_t(i), run.sizeLabels.at(i));
        m_plot->setSizeLabel(std::size_t(i), run.sizeLabels.at(i));
    }
    // One batch: one row insertion for the model, one pass for the plot.
    m_model->appendResults(run.events);
    m_plot->addResults(run.events);
    m_runSelector->selectRun(run.record.id);
    setShownRunId(run.record.id);
    m_progress->setStored(std::uint64_t(run.events.size()),
                          QString::fromStdString(run.record.state));
    const QString text =
        tr("Run %1 of '%2': %n stored result(s), %3", nullptr, int(run.events.size()))
            .arg(run.record.id)
            .arg(run.specName, QString::fromStdString(run.record.state));
    appendLog(text);
    emit statusMessage(text);
}

void RunPage::clearResults()
{
    m_pending.clear();
    m_model->reset({}, false);
    m_plot->clear();
    m_runSelector->setRuns({});
    m_progress->setIdle(tr("idle"));
    setShownRunId(0);
}

void RunPage::startRun()
{
    if (m_controller->isRunning())
        return;
    const RunRequest request = m_form->request();
    if (request.specPath.isEmpty()) {
        onFailed(tr("Choose a tuning spec first."));
        return;
    }
    m_pending.clear();
    m_model->reset({}, false);
    m_plot->clear();
    setShownRunId(0);
    m_progress->setBusy(tr("starting...")); // busy until the spaces are sized
    m_controller->start(request);
    m_form->setRunning(true);
    m_runSelector->setEnabled(false);
    m_flushTimer->start();
    appendLog(tr("Tuning %1 into %2").arg(request.specPath, request.workspacePath));
    emit statusMessage(tr("Running %1").arg(request.specPath));
    emit runningChanged(true);
}

void RunPage::stopRun()
{
    if (!m_controller->isRunning())
        return;
    m_controller->stop();
    m_form->stopButton()->setEnabled(false);
    m_form->pauseButton()->setEnabled(false);
    appendLog(tr("Stopping: waiting for the configurations in flight"));
    emit statusMessage(tr("Stopping..."));
}

void RunPage::pauseRun()
{
    m_controller->pause();
}

void RunPage::resumeRun()
{
    m_controller->resume();
}

void RunPage::togglePause()
{
    isPaused() ? resumeRun() : pauseRun();
}

void RunPage::onPausedChanged(bool paused)
{
    m_form->setPaused(paused);
    if (isRunning()) { // else the run ended paused: its outcome is shown instead
        m_progress->setPaused(paused);
        appendLog(paused ? tr("Paused: no new configurations; those in flight finish")
                         : tr("Resumed"));
        emit statusMessage(paused ? tr("Paused") : tr("Running"));
    }
    emit pausedChanged(paused);
}

void RunPage::appendLog(const QString &line)
{
    m_log->appendPlainText(line);
}

void RunPage::flushPending()
{
    if (m_pending.isEmpty())
        return;
    m_model->appendResults(m_pending);
    m_plot->addResults(m_pending);
    m_pending.clear();
}

void RunPage::onSpecLoaded(const QString &name, const QStringList &metricNames, bool cuda)
{
    m_model->reset(metricNames, cuda);
    appendLog(tr("Spec '%1' (%2 backend)").arg(name, cuda ? tr("cuda") : tr("cpu")));
}

void RunPage::onSpaceSized(const SpaceSummary &summary)
{
    const QString label = QString::fromStdString(summary.sizeLabel);
    m_model->setSizeLabel(summary.sizeIndex, label);
    m_plot->setSizeLabel(summary.sizeIndex, label);
    appendLog(tr("%1: %2 configurations, %3 valid, %4 rejected, %5 planned")
                  .arg(label)
                  .arg(summary.total)
                  .arg(summary.valid)
                  .arg(summary.rejected)
                  .arg(summary.planned));
}

void RunPage::endLiveRun()
{
    flushPending();
    m_flushTimer->stop();
    m_form->setRunning(false);
    m_runSelector->setEnabled(true);
}

void RunPage::onFinished(const RunSummary &summary)
{
    endLiveRun();
    const QString text = tr("%1 run %2: %3 ok, %4 failed, %5 reused, %6 s")
                             .arg(summary.stopped ? tr("Stopped") : tr("Finished"))
                             .arg(summary.runId)
                             .arg(summary.ok)
                             .arg(summary.failed)
                             .arg(summary.reused)
                             .arg(summary.seconds, 0, 'f', 1);
    m_progress->setFinished(summary.stopped);
    appendLog(text);
    emit statusMessage(text);
    emit runningChanged(false);
    emit runFinished(summary);
}

void RunPage::onFailed(const QString &message)
{
    endLiveRun();
    m_progress->setFailed();
    appendLog(tr("Error: %1").arg(message));
    emit statusMessage(tr("Run failed"));
    emit runningChanged(false);
    emit runFailed(message);
}

} // namespace tb
