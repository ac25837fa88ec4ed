#include "runpage.h"

#include "benchlanes.h"
#include "latestsamples.h"
#include "machineloadindicator.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "runform.h"
#include "runnarration.h"
#include "runprogress.h"
#include "runselector.h"
#include "runviews.h"
#include "session/loadedrun.h"
#include "session/runcaption.h"
#include "session/sessioncontroller.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace tb {

RunPage::RunPage(SessionController *controller, ResultsFeed *feed, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_feed(feed), m_form(new RunForm(this)),
      m_runSelector(new RunSelector(this)), m_progress(new RunProgress(this)),
      m_load(new MachineLoadIndicator(this)), m_lanes(new BenchLanes(this)),
      m_views(new RunViews(this)), m_compileOnlyBanner(new QLabel(this)),
      m_flushTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("runPage"));
    m_compileOnlyBanner->setObjectName(QStringLiteral("compileOnlyBanner"));
    m_compileOnlyBanner->setWordWrap(true);
    m_compileOnlyBanner->setFrameShape(QFrame::StyledPanel);
    m_compileOnlyBanner->setMargin(6);
    m_compileOnlyBanner->hide();
    buildLayout();

    m_flushTimer->setInterval(100);
    connect(m_flushTimer, &QTimer::timeout, this, &RunPage::flushPending);
    connect(m_form, &RunForm::startRequested, this, &RunPage::startRun);
    connect(m_form, &RunForm::stopRequested, this, &RunPage::stopRun);
    connect(m_form, &RunForm::pauseRequested, this, &RunPage::pauseRun);
    connect(m_form, &RunForm::resumeRequested, this, &RunPage::resumeRun);
    connect(m_runSelector, &RunSelector::runChosen, this, &RunPage::requestStoredRun);
    m_views->follow(m_feed);
    connect(m_feed, &ResultsFeed::resultsAdded, m_load, &MachineLoadIndicator::addResults);
    connectController();
}

void RunPage::buildLayout()
{
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_form);
    layout->addWidget(m_runSelector);
    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_load);
    layout->addLayout(progressRow);
    layout->addWidget(m_lanes);
    layout->addWidget(m_compileOnlyBanner);
    layout->addWidget(m_views, 1);
}

ResultsModel *RunPage::resultsModel() const
{
    return m_feed->model();
}

TimelinePlot *RunPage::timeline() const
{
    return m_views->timeline();
}

LatestSamples *RunPage::latestSamples() const
{
    return m_views->latestSamples();
}

ResourcePlot *RunPage::resourcePlot() const
{
    return m_views->resourcePlot();
}

QPlainTextEdit *RunPage::log() const
{
    return m_views->log();
}

QSplitter *RunPage::splitter() const
{
    return m_views;
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
    m_progress->setStored(std::uint64_t(run.events.size()), runStateText(run.record.state));
    QString text = tr("Run %1 of '%2': %n stored result(s), %3", nullptr, int(run.events.size()))
                       .arg(run.record.id)
                       .arg(run.outline.name, runStateText(run.record.state));
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
    m_views->appendLog(line);
}

void RunPage::flushPending()
{
    m_feed->flush();
}

void RunPage::connectController()
{
    connect(m_controller, &SessionController::specLoaded, this, &RunPage::onSpecLoaded);
    connect(m_controller, &SessionController::runStarted, this, [this](qint64 id, bool resumed) {
        setShownRunId(id);
        // "Run shown" names it, even before the workspace lists it (its first run).
        m_runSelector->showLiveRun(id, m_feed->outline().name);
        appendLog(resumed ? tr("Resuming run %1").arg(id) : tr("Started run %1").arg(id));
    });
    connect(m_controller, &SessionController::spaceSized, this, &RunPage::onSpaceSized);
    connect(m_controller, &SessionController::resultArrived, m_feed, &ResultsFeed::queue);
    connect(m_controller, &SessionController::roundStarted, this, &RunPage::onRoundStarted);
    connect(m_controller, &SessionController::roundResultArrived, this, &RunPage::onRoundResult);
    connect(m_controller, &SessionController::progressChanged, m_progress,
            &RunProgress::setProgress);
    connect(m_controller, &SessionController::benchLaneChanged, m_lanes, &BenchLanes::setLane);
    connect(m_controller, &SessionController::runDeviceKnown, this,
            [this](const QString &device, const DevicePeaks &peaks) {
                m_feed->setPeaks(peaks);
                appendLog(tr("Measuring on %1: results judged by its peaks (%2)")
                              .arg(device, QString::fromStdString(describePeaks(peaks))));
            });
    connect(m_lanes, &BenchLanes::locationDropped, this,
            [this](const QString &location, const QString &reason) {
                appendLog(
                    tr("Lost %1: dropped (%2); the run goes on without it").arg(location, reason));
            });
    connect(m_controller, &SessionController::pausedChanged, this, &RunPage::onPausedChanged);
    connect(m_controller, &SessionController::logLine, this, &RunPage::appendLog);
    // Before the run opens (a Slurm allocation queued): what it waits for, instead of
    // "starting...".
    connect(m_controller, &SessionController::notice, this, [this](const QString &line) {
        if (m_shownRunId == 0 && isRunning())
            m_progress->setBusy(line);
    });
    connect(m_controller, &SessionController::compilingOnly, this,
            [this](const QString &announcement) {
                m_compileOnlyBanner->setText(
                    tr("<b>Compile-only run</b>: its results carry registers, spills and "
                       "occupancy, no timings (they read \"compiled\"). %1")
                        .arg(announcement.toHtmlEscaped()));
                m_compileOnlyBanner->show();
            });
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

void RunPage::startRun()
{
    if (m_controller->isRunning())
        return;
    const RunRequest request = m_form->request();
    if (request.specPath.isEmpty()) {
        onFailed(tr("Choose a tuning spec first."));
        return;
    }
    m_feed->reset({});
    m_compileOnlyBanner->hide();
    setShownRunId(0);
    m_progress->setBusy(tr("starting...")); // busy until the spaces are sized
    m_controller->start(request);
    m_form->setRunning(true);
    m_runSelector->setEnabled(false);
    m_flushTimer->start();
    m_load->setRunning(true);
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

void RunPage::onSpecLoaded(const SpecOutline &outline)
{
    m_feed->reset(outline);
    appendLog(RunNarration::specLoaded(outline));
}

void RunPage::onSpaceSized(const SpaceSummary &summary)
{
    const QString label = QString::fromStdString(summary.sizeLabel);
    m_feed->setSizeLabel(summary.sizeIndex, label);
    m_feed->expectResults(summary.planned);
    appendLog(RunNarration::spaceSized(summary));
}

void RunPage::onRoundStarted(const RoundStart &start)
{
    appendLog(RunNarration::roundStarted(start));
}

void RunPage::onRoundResult(const RoundEvent &event)
{
    m_feed->replace(event);
    if (!event.stored)
        latestSamples()->addRound(event);
    appendLog(RunNarration::roundResult(event, m_feed->model()->sizeLabel(event.sizeIndex)));
}

void RunPage::endLiveRun()
{
    flushPending();
    m_flushTimer->stop();
    m_load->setRunning(false);
    m_lanes->clear();
    m_form->setRunning(false);
    m_runSelector->setEnabled(true);
}

void RunPage::onFinished(const RunSummary &summary)
{
    endLiveRun();
    for (const SizeFailure &failure : summary.sizeFailures)
        appendLog(RunNarration::sizeNotTuned(failure));
    const QString text = RunNarration::finished(summary);
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
