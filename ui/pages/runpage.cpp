#include "runpage.h"

#include "benchlanes.h"
#include "latestsamples.h"
#include "machineloadindicator.h"
#include "models/resultsfeed.h"
#include "plots/resourceplot.h"
#include "plots/timelineplot.h"
#include "runform.h"
#include "runprogress.h"
#include "runselector.h"
#include "session/loadedrun.h"
#include "session/runcaption.h"
#include "session/sessioncontroller.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace tb {

namespace {
constexpr int kMaxLogLines = 5000;
} // namespace

RunPage::RunPage(QWidget *parent)
    : QWidget(parent), m_controller(new SessionController(this)), m_feed(new ResultsFeed(this)),
      m_form(new RunForm(this)), m_runSelector(new RunSelector(this)),
      m_progress(new RunProgress(this)), m_load(new MachineLoadIndicator(this)),
      m_lanes(new BenchLanes(this)), m_timeline(new TimelinePlot(this)),
      m_latest(new LatestSamples(this)), m_resources(new ResourcePlot(this)),
      m_log(new QPlainTextEdit(this)), m_compileOnlyBanner(new QLabel(this)),
      m_splitter(new QSplitter(Qt::Vertical, this)), m_flushTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("runPage"));
    m_log->setObjectName(QStringLiteral("runLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLogLines);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setPlaceholderText(tr("Worker and session log"));
    m_compileOnlyBanner->setObjectName(QStringLiteral("compileOnlyBanner"));
    m_compileOnlyBanner->setWordWrap(true);
    m_compileOnlyBanner->setFrameShape(QFrame::StyledPanel);
    m_compileOnlyBanner->setMargin(6);
    m_compileOnlyBanner->hide();

    m_timeline->setMinimumHeight(180);
    m_splitter->setObjectName(QStringLiteral("runPageSplitter")); // its state is kept
    m_splitter->addWidget(m_timeline);
    m_splitter->addWidget(buildPlots());
    m_splitter->addWidget(m_log);
    // The plots' row as tall as the timeline: its registers and spills are two axes stacked.
    m_splitter->setStretchFactor(0, 4);
    m_splitter->setStretchFactor(1, 4);
    m_splitter->setStretchFactor(2, 1);
    m_splitter->setSizes({300, 330, 90});

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_form);
    layout->addWidget(m_runSelector);
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_load);
    layout->addLayout(progressRow);
    layout->addWidget(m_lanes);
    layout->addWidget(m_compileOnlyBanner);
    layout->addWidget(m_splitter, 1);

    m_flushTimer->setInterval(100);
    connect(m_flushTimer, &QTimer::timeout, this, &RunPage::flushPending);
    connect(m_form, &RunForm::startRequested, this, &RunPage::startRun);
    connect(m_form, &RunForm::stopRequested, this, &RunPage::stopRun);
    connect(m_form, &RunForm::pauseRequested, this, &RunPage::pauseRun);
    connect(m_form, &RunForm::resumeRequested, this, &RunPage::resumeRun);
    connect(m_runSelector, &RunSelector::runChosen, this, &RunPage::requestStoredRun);
    connectFeed();
    connectController();
}

// The latest configuration's samples and the resource usage side by side, below the timeline:
// both matter while a run goes, so neither hides behind a tab.
QWidget *RunPage::buildPlots()
{
    auto *plots = new QSplitter(Qt::Horizontal, this);
    plots->setObjectName(QStringLiteral("runPagePlotsSplitter"));
    plots->addWidget(m_latest);
    plots->addWidget(m_resources);
    plots->setStretchFactor(0, 2);
    plots->setStretchFactor(1, 3);
    return plots;
}

// Every plot follows the feed: cleared with it, fed its batches.
void RunPage::connectFeed()
{
    connect(m_feed, &ResultsFeed::cleared, this, [this] {
        m_timeline->clear();
        m_latest->clear();
        m_resources->clear();
    });
    connect(m_feed, &ResultsFeed::sizeLabelChanged, this,
            [this](std::size_t sizeIndex, const QString &label) {
                m_timeline->setSizeLabel(sizeIndex, label);
                m_latest->setSizeLabel(sizeIndex, label);
            });
    connect(m_feed, &ResultsFeed::resultsAdded, this, [this](const QVector<ResultEvent> &batch) {
        m_timeline->addResults(batch);
        m_latest->addResults(batch);
        m_resources->addResults(batch);
        m_load->addResults(batch);
    });
}

ResultsModel *RunPage::resultsModel() const
{
    return m_feed->model();
}

void RunPage::setShownRunId(qint64 runId, const QString &note)
{
    if (note != m_shownRunNote) {
        m_shownRunNote = note;
        emit shownRunNoteChanged(note);
    }
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
    m_compileOnlyBanner->hide();
    m_feed->reset(run.outline);
    for (int i = 0; i < run.sizeLabels.size(); ++i)
        m_feed->setSizeLabel(std::size_t(i), run.sizeLabels.at(i));
    m_feed->append(run.events); // one batch: one row insertion, one pass per plot
    m_runSelector->selectRun(run.record.id);
    setShownRunId(run.record.id, importedRunNote(run.record));
    m_progress->setStored(std::uint64_t(run.events.size()),
                          QString::fromStdString(run.record.state));
    QString text = tr("Run %1 of '%2': %n stored result(s), %3", nullptr, int(run.events.size()))
                       .arg(run.record.id)
                       .arg(run.outline.name, QString::fromStdString(run.record.state));
    if (run.record.imported())
        text += QStringLiteral(", ") + runOriginText(run.record);
    appendLog(text);
    emit statusMessage(text);
}

void RunPage::clearResults()
{
    m_feed->reset({});
    m_runSelector->setRuns({});
    m_progress->setIdle(tr("idle"));
    setShownRunId(0);
}

void RunPage::appendLog(const QString &line)
{
    m_log->appendPlainText(line);
}

void RunPage::flushPending()
{
    m_feed->flush();
}

} // namespace tb
