#pragma once

#include "runclock.h"

#include <atomic>

namespace tb {

// A run's pace: the stop and pause requests it polls (SessionOptions::stopRequested and
// pauseRequested), its clock, which stops while the run is paused, and its time budget, which
// counts only the time the run was allowed to work.
class RunPacing
{
public:
    // budgetSeconds: the run's time limit; 0 or less for none.
    RunPacing(const std::atomic<bool> *stopRequested, const std::atomic<bool> *pauseRequested,
              double budgetSeconds);

    // The run's time starts (again: the wait in Slurm's queue is not the run's time).
    void start() { m_clock.start(); }
    bool stopRequested() const;
    bool pauseRequested() const;
    // Follows the pause request; whether the run paused or went on just now.
    bool followPauseRequest() { return m_clock.setPaused(pauseRequested()); }
    bool paused() const { return m_clock.paused(); }
    // A run stopped while paused: the pause ends with the run.
    void endPause() { m_clock.setPaused(false); }
    bool outOfTime() const;
    double elapsedSeconds() const { return m_clock.elapsedSeconds(); }

private:
    const std::atomic<bool> *m_stopRequested;
    const std::atomic<bool> *m_pauseRequested;
    double m_budgetSeconds;
    RunClock m_clock;
};

} // namespace tb
