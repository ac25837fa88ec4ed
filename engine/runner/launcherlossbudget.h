#pragma once

// Private to tb_runner: WorkerPool's rule for workers lost to their launcher. No I/O.

namespace tb::runner_detail {

// Counts the workers one location (a host, an srun task) has lost to its launcher
// (launcherloss.h). Such a loss says nothing about the job, so it is never counted against the
// configuration; but a location that keeps losing workers is dropped, and the run goes on
// without it.
class LauncherLossBudget
{
public:
    explicit LauncherLossBudget(int lossesBeforeDropping) : m_limit(lossesBeforeDropping) {}

    // Counts one more lost worker; true when the location is to be dropped now.
    bool recordLoss() { return ++m_losses >= m_limit; }
    int losses() const { return m_losses; }
    void markDropped() { m_dropped = true; }
    bool dropped() const { return m_dropped; }

private:
    int m_limit;
    int m_losses = 0;
    bool m_dropped = false;
};

} // namespace tb::runner_detail
