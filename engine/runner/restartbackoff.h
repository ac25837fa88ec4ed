#pragma once

// Private to tb_runner: WorkerPool's rule for a worker slot that cannot start. No I/O.

#include <chrono>
#include <optional>

namespace tb::runner_detail {

// When a worker slot whose process failed to start (no hello, refused, failed setup, or died
// before finishing a job) tries again: later after each consecutive failure, so that a broken
// installation does not spin; never again after `failedStartsBeforeGivingUp` in a row, when the
// slot gives up (WorkerPool::health() then says why).
class RestartBackoff
{
public:
    using Clock = std::chrono::steady_clock;
    static constexpr auto kStep = std::chrono::milliseconds(200); // times the failed starts

    explicit RestartBackoff(int failedStartsBeforeGivingUp) : m_limit(failedStartsBeforeGivingUp) {}

    // After `failedStarts` consecutive failed starts (1 or more): when to start again, or none
    // when the slot gives up.
    std::optional<Clock::time_point> nextStart(int failedStarts, Clock::time_point now) const
    {
        if (failedStarts >= m_limit)
            return std::nullopt;
        return now + kStep * failedStarts;
    }

private:
    int m_limit;
};

} // namespace tb::runner_detail
