#pragma once

#include <chrono>

namespace tb {

// A run's wall clock that stops while the run is paused: elapsed time, ETA and the time budget
// count only the time the run was allowed to work.
class RunClock
{
public:
    using Clock = std::chrono::steady_clock;

    void start()
    {
        m_started = Clock::now();
        m_pausedTotal = {};
        m_paused = false;
    }

    bool paused() const { return m_paused; }

    // Returns whether the state changed.
    bool setPaused(bool paused)
    {
        if (paused == m_paused)
            return false;
        const auto now = Clock::now();
        if (paused)
            m_pausedSince = now;
        else
            m_pausedTotal += now - m_pausedSince;
        m_paused = paused;
        return true;
    }

    double elapsedSeconds() const
    {
        const auto now = Clock::now();
        auto paused = m_pausedTotal;
        if (m_paused)
            paused += now - m_pausedSince;
        return std::chrono::duration<double>(now - m_started - paused).count();
    }

private:
    Clock::time_point m_started = Clock::now();
    Clock::time_point m_pausedSince;
    Clock::duration m_pausedTotal{};
    bool m_paused = false;
};

} // namespace tb
