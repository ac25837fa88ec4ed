// The Run page's live run: starting, pausing and stopping it, and what the session reports.
#include "runpage.h"

#include "benchlanes.h"
#include "latestsamples.h"
#include "machineloadindicator.h"
#include "models/durationformat.h"
#include "models/resultsfeed.h"
#include "models/resultsmodel.h"
#include "runform.h"
#include "runprogress.h"
#include "runselector.h"
#include "session/sessioncontroller.h"

#include <QLabel>
#include <QPushButton>
#include <QTimer>

namespace tb {

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
    appendLog(
        tr("Spec '%1' (%2 backend): %3 parameter(s), objective %4 (%5)")
            .arg(outline.name, outline.cuda ? tr("cuda") : tr("cpu"))
            .arg(outline.parameterNames.size())
            .arg(outline.objectiveMetric, outline.minimize ? tr("minimize") : tr("maximize")));
}

void RunPage::onSpaceSized(const SpaceSummary &summary)
{
    const QString label = QString::fromStdString(summary.sizeLabel);
    m_feed->setSizeLabel(summary.sizeIndex, label);
    m_feed->expectResults(summary.planned);
    appendLog(tr("%1: %2 configurations, %3 valid, %4 rejected, %5 planned")
                  .arg(label)
                  .arg(summary.total)
                  .arg(summary.valid)
                  .arg(summary.rejected)
                  .arg(summary.planned));
}

void RunPage::onRoundStarted(const RoundStart &start)
{
    const QString round = start.round <= start.rounds
                              ? tr("Round %1 of %2").arg(start.round).arg(start.rounds)
                              : tr("Round %1 of up to %2").arg(start.round).arg(start.maxRounds);
    appendLog(tr("%1: measuring %2 of %3 finalists again in fresh worker processes")
                  .arg(round)
                  .arg(start.toMeasure)
                  .arg(start.finalists));
}

void RunPage::onRoundResult(const RoundEvent &event)
{
    m_feed->replace(event);
    if (!event.stored)
        m_latest->addRound(event);
    QStringList medians;
    for (double median : event.medians)
        medians << formatDuration(median);
    const QString measured = event.measured.status == ResultStatus::Ok
                                 ? formatDuration(event.measured.summary.median)
                                 : QString::fromUtf8(toString(event.measured.status)) +
                                       QLatin1Char(' ') +
                                       QString::fromStdString(event.measured.message);
    appendLog((event.stored ? tr("%1 %2 round %3 (stored): %4 (rounds %5 -> %6)")
                            : tr("%1 %2 round %3: %4 (rounds %5 -> %6)"))
                  .arg(m_feed->model()->sizeLabel(event.sizeIndex),
                       QString::fromStdString(event.configKey))
                  .arg(event.round)
                  .arg(measured, medians.join(QStringLiteral(" | ")),
                       formatDuration(event.combined.summary.median)));
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
        appendLog(tr("Problem size %1 not tuned: %2. Its configurations are left unmeasured; "
                     "mend the reference and run again to measure them.")
                      .arg(QString::fromStdString(failure.sizeLabel),
                           QString::fromStdString(failure.message)));
    const QString state = !summary.sizeFailures.empty() ? tr("Incomplete")
                          : summary.stopped             ? tr("Stopped")
                                                        : tr("Finished");
    const QString text = tr("%1 run %2: %3 ok, %4 failed, %5 reused, %6 s")
                             .arg(state)
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
