#include "runpage.h"

#include "models/durationformat.h"
#include "models/resultsmodel.h"
#include "plots/timelineplot.h"
#include "resultdetails.h"
#include "runform.h"
#include "session/sessioncontroller.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace tb {

namespace {

constexpr int kMaxLogLines = 5000;

QString formatEta(double seconds)
{
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60);
    if (s >= 60)
        return QStringLiteral("%1 min %2 s").arg(s / 60).arg(s % 60);
    return QStringLiteral("%1 s").arg(s);
}

} // namespace

RunPage::RunPage(QWidget *parent)
    : QWidget(parent), m_controller(new SessionController(this)), m_form(new RunForm(this)),
      m_progress(new QProgressBar(this)), m_progressText(new QLabel(this)),
      m_plot(new TimelinePlot(this)), m_model(new ResultsModel(this)),
      m_proxy(new QSortFilterProxyModel(this)), m_table(new QTableView(this)),
      m_filter(new QLineEdit(this)), m_details(new ResultDetails(this)),
      m_log(new QPlainTextEdit(this)), m_splitter(new QSplitter(Qt::Vertical, this)),
      m_flushTimer(new QTimer(this))
{
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_progressText->setText(tr("idle"));
    m_progressText->setMinimumWidth(220);
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_progressText);

    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("Worker and session log"));

    m_plot->setMinimumHeight(180);
    m_splitter->addWidget(m_plot);
    m_splitter->addWidget(buildResultsPane());
    m_splitter->addWidget(m_log);
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setStretchFactor(2, 1);
    m_splitter->setSizes({330, 300, 110});

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_form);
    layout->addLayout(progressRow);
    layout->addWidget(m_splitter, 1);

    m_flushTimer->setInterval(100);
    connect(m_flushTimer, &QTimer::timeout, this, &RunPage::flushPending);
    connect(m_form, &RunForm::startRequested, this, &RunPage::startRun);
    connect(m_form, &RunForm::stopRequested, this, &RunPage::stopRun);
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
        appendLog(resumed ? tr("Resuming run %1").arg(id) : tr("Started run %1").arg(id));
    });
    connect(m_controller, &SessionController::spaceSized, this, &RunPage::onSpaceSized);
    connect(m_controller, &SessionController::resultArrived, this,
            [this](const ResultEvent &event) { m_pending.append(event); });
    connect(m_controller, &SessionController::progressChanged, this, &RunPage::onProgress);
    connect(m_controller, &SessionController::logLine, this, &RunPage::appendLog);
    connect(m_controller, &SessionController::finished, this, &RunPage::onFinished);
    connect(m_controller, &SessionController::failed, this, &RunPage::onFailed);
}

bool RunPage::isRunning() const
{
    return m_controller->isRunning();
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
    m_progress->setRange(0, 0); // busy until the spaces are sized
    m_progressText->setText(tr("starting..."));
    m_controller->start(request);
    m_form->setRunning(true);
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
    appendLog(tr("Stopping: waiting for the configurations in flight"));
    emit statusMessage(tr("Stopping..."));
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

void RunPage::onProgress(const Progress &progress)
{
    m_progress->setRange(0, int(std::max<std::uint64_t>(1, progress.total)));
    m_progress->setValue(int(progress.done));
    QString text = tr("%1/%2").arg(progress.done).arg(progress.total);
    if (progress.etaSeconds)
        text += tr(", ETA %1").arg(formatEta(*progress.etaSeconds));
    m_progressText->setText(text);
}

void RunPage::onFinished(const RunSummary &summary)
{
    flushPending();
    m_flushTimer->stop();
    m_form->setRunning(false);
    if (m_progress->maximum() == 0)
        m_progress->setRange(0, 1);
    const QString text = tr("%1 run %2: %3 ok, %4 failed, %5 reused, %6 s")
                             .arg(summary.stopped ? tr("Stopped") : tr("Finished"))
                             .arg(summary.runId)
                             .arg(summary.ok)
                             .arg(summary.failed)
                             .arg(summary.reused)
                             .arg(summary.seconds, 0, 'f', 1);
    m_progressText->setText(tr("%1/%2, %3")
                                .arg(m_progress->value())
                                .arg(m_progress->maximum())
                                .arg(summary.stopped ? tr("stopped") : tr("done")));
    appendLog(text);
    emit statusMessage(text);
    emit runningChanged(false);
    emit runFinished(summary);
}

void RunPage::onFailed(const QString &message)
{
    flushPending();
    m_flushTimer->stop();
    m_form->setRunning(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progressText->setText(tr("failed"));
    appendLog(tr("Error: %1").arg(message));
    emit statusMessage(tr("Run failed"));
    emit runningChanged(false);
    emit runFailed(message);
}

} // namespace tb
