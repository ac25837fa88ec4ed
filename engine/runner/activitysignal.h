#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace tb {

// A wake-up shared by several supervisors: each one's I/O thread raises it whenever something
// happened (an outcome arrived, a worker became idle or was restarted), and whoever drives the
// pools waits on it once instead of on one supervisor. Without it, a pipeline with one bench
// supervisor per GPU waited on the first busy supervisor only, and a GPU that finished
// meanwhile stood idle until that wait ran out.
class ActivitySignal
{
public:
    // A count of raises so far: take it before looking at the supervisors, then wait for it
    // to change, and nothing raised in between is missed.
    std::uint64_t generation() const
    {
        std::lock_guard lock(m_mutex);
        return m_generation;
    }

    void raise()
    {
        {
            std::lock_guard lock(m_mutex);
            ++m_generation;
        }
        m_changed.notify_all();
    }

    // Waits up to `wait` for a raise after `seen`; true if there was one.
    bool waitForChange(std::uint64_t seen, std::chrono::milliseconds wait)
    {
        std::unique_lock lock(m_mutex);
        return m_changed.wait_for(lock, wait, [&] { return m_generation != seen; });
    }

private:
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::uint64_t m_generation = 0;
};

} // namespace tb
