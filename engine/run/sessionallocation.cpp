// The Slurm allocation a run asks for (SessionOptions::allocation; issue 22), held by the
// Session so that the CLI and the workbench both get it from one place.
#include "cluster/slurmallocation.h"
#include "session.h"

namespace tb {

// Before the run is opened: a refused request, or a stop while queued, writes nothing to the
// workspace. The srun launchers' steps then run in the job (--jobid), from outside it.
Status Session::holdAllocation()
{
    if (!m_options.allocation)
        return ok();
    auto allocation =
        SlurmAllocation::obtain(*m_options.allocation, m_options.stopRequested,
                                [this](const std::string &line) { m_listener.onNotice(line); });
    if (!allocation)
        return allocation.error();
    m_allocation = std::move(allocation.value());
    for (auto &launcher : m_options.benchLaunchers) {
        if (launcher.kind == LauncherKind::Srun)
            launcher.extraArguments.insert(launcher.extraArguments.begin(),
                                           m_allocation->srunArgument());
    }
    m_clock.start(); // the wait in Slurm's queue is not the run's time, nor its budget's
    return ok();
}

// Once the workers are stopped (their steps end with them), however the run ends.
void Session::releaseAllocation()
{
    if (!m_allocation)
        return;
    m_listener.onNotice(m_allocation->release());
    m_allocation.reset();
}

} // namespace tb
