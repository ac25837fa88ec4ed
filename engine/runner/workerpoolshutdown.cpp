// WorkerPool's shutdown: asking every worker to stop, waiting a grace period, then killing
// what is left. Apart from workerpool.cpp to keep both files short.
#include "workerpool.h"

#include "protocol/messagecodec.h"

#include <algorithm>

namespace tb::runner_detail {

namespace {
constexpr auto kStopGrace = std::chrono::seconds(2); // from shutdown to SIGKILL
} // namespace

void WorkerPool::beginShutdown(Clock::time_point now)
{
    m_stopping = true;
    m_stopDeadline = now + kStopGrace;
    for (auto &slot : m_slots) {
        if (slot.healthy())
            slot.process->send(encode(ShutdownMessage{}));
    }
}

bool WorkerPool::shutdownDone(Clock::time_point now) const
{
    return now >= m_stopDeadline ||
           std::none_of(m_slots.begin(), m_slots.end(), [](const auto &s) { return !!s.process; });
}

void WorkerPool::killRemaining()
{
    m_stopping = true;
    for (auto &slot : m_slots) {
        if (slot.process) {
            slot.process->kill();
            slot.process->reap(true);
            finishProcess(slot, Clock::now());
        }
        if (slot.job) {
            m_abandoned.push_back(*slot.job);
            slot.job.reset();
        }
    }
}

} // namespace tb::runner_detail
