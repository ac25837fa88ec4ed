// Session's clock and flags: progress reports, stop and pause requests, the time budget.
// Apart from session.cpp to keep both files short.
#include "session.h"

#include <thread>

namespace tb {

void Session::reportProgress()
{
    Progress progress;
    progress.done = m_summary.ok + m_summary.failed + m_rounds.doneJobs();
    progress.total = plannedConfigs() + roundJobsPlanned();
    progress.elapsedSeconds = elapsedSeconds();
    progress.inFlight = m_inFlight.size();
    progress.paused = m_clock.paused();
    if (m_spec.backend == BackendKind::Cuda && !m_options.compileOnly) {
        progress.gpus = m_options.gpus.size();
        progress.gpusBusy = busyLanes();
    }
    // Only measured configs say how long the rest will take; reused ones cost nothing.
    if (m_measuredDone > 0 && progress.total >= progress.done)
        progress.etaSeconds = progress.elapsedSeconds / static_cast<double>(m_measuredDone) *
                              static_cast<double>(progress.total - progress.done);
    m_listener.onProgress(progress);
}

bool Session::stopRequested() const
{
    return m_options.stopRequested && m_options.stopRequested->load();
}

bool Session::pauseRequested() const
{
    return m_options.pauseRequested && m_options.pauseRequested->load();
}

// Follows the pause flag at the top of each loop turn; the listener hears of every change
// through a progress report, so a GUI can show "paused" once the session has really paused.
void Session::updatePause()
{
    if (m_clock.setPaused(pauseRequested()))
        reportProgress();
}

// Paused with nothing in flight: idle, but keep the workers' logs flowing and notice a worker
// that died meanwhile on the next collect.
void Session::waitWhilePaused()
{
    forwardLogs();
    std::this_thread::sleep_for(kPollInterval);
}

bool Session::outOfTime() const
{
    const double limit = m_options.maxSeconds.value_or(m_spec.strategy.maxSeconds);
    return limit > 0 && elapsedSeconds() >= limit;
}

double Session::elapsedSeconds() const
{
    return m_clock.elapsedSeconds();
}

} // namespace tb
