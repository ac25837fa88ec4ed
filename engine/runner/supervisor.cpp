#include "supervisor.h"

#include "activitysignal.h"
#include "workerpool.h"

#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <pthread.h>
#include <sys/eventfd.h>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace tb {

using runner_detail::Clock;
using runner_detail::WorkerPool;

class Supervisor::Impl
{
public:
    explicit Impl(SupervisorOptions options) : m_pool(options), m_options(std::move(options)) {}

    void run();
    void wake() const; // with m_mutex held
    bool running() const { return m_ready && !m_stopRequested && !m_threadDone; }

    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    WorkerPool m_pool;
    SupervisorOptions m_options;
    std::thread m_thread;
    std::mutex m_stopMutex; // serialises stop()
    int m_wakeFd = -1;
    bool m_started = false;
    bool m_ready = false; // start() succeeded
    bool m_stopRequested = false;
    bool m_threadDone = false;
};

void Supervisor::Impl::wake() const
{
    const std::uint64_t one = 1;
    if (m_wakeFd >= 0) [[maybe_unused]]
        auto n = ::write(m_wakeFd, &one, sizeof one);
}

// The I/O thread: owns every child, so that PR_SET_PDEATHSIG ties them to its lifetime. It
// blocks SIGPIPE so that writing to a dead worker is an error here, not the end of the process.
void Supervisor::Impl::run()
{
    sigset_t pipeSignal;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipeSignal, nullptr);

    std::unique_lock lock(m_mutex);
    m_pool.startAll(Clock::now());
    std::vector<pollfd> fds;
    std::vector<WorkerPool::PollRef> refs;
    for (;;) {
        auto now = Clock::now();
        if (m_stopRequested && !m_pool.stopping())
            m_pool.beginShutdown(now);
        m_pool.step(now);
        m_changed.notify_all();
        if (m_options.activity)
            m_options.activity->raise();
        if (m_pool.stopping() && m_pool.shutdownDone(now))
            break;
        fds.clear();
        refs.clear();
        m_pool.fillPollSet(fds, refs);
        fds.push_back({m_wakeFd, POLLIN, 0}); // after the pool's: refs index the others
        const int timeout = m_pool.pollTimeoutMs(now);
        lock.unlock();
        ::poll(fds.data(), fds.size(), timeout);
        lock.lock();
        std::uint64_t count = 0;
        [[maybe_unused]] auto n = ::read(m_wakeFd, &count, sizeof count);
        m_pool.handlePollResults(fds, refs, Clock::now());
    }
    m_pool.killRemaining();
    m_threadDone = true;
    m_changed.notify_all();
    if (m_options.activity)
        m_options.activity->raise();
}

Supervisor::Supervisor(SupervisorOptions options)
    : m_impl(std::make_unique<Impl>(std::move(options)))
{}

Supervisor::~Supervisor()
{
    stop();
}

Status Supervisor::start()
{
    Impl &d = *m_impl;
    {
        std::lock_guard lock(d.m_mutex);
        if (d.m_started)
            return makeError(EngineError::Code::InvalidArgument,
                             "the supervisor was started before");
        if (d.m_options.workerCount < 1)
            return makeError(EngineError::Code::InvalidArgument, "no workers to start",
                             "workerCount is " + std::to_string(d.m_options.workerCount));
        if (d.m_options.launch.command.empty())
            return makeError(EngineError::Code::InvalidArgument, "the worker command is empty");
        d.m_wakeFd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        if (d.m_wakeFd < 0)
            return makeError(EngineError::Code::IoError, "cannot create an eventfd");
        d.m_started = true;
        try {
            d.m_thread = std::thread([&d] { d.run(); });
        } catch (const std::system_error &error) {
            ::close(d.m_wakeFd);
            d.m_wakeFd = -1;
            return makeError(EngineError::Code::Internal, "cannot start the supervisor's thread",
                             error.what());
        }
    }
    std::unique_lock lock(d.m_mutex);
    d.m_changed.wait(lock, [&d] {
        return d.m_pool.startState() != WorkerPool::StartState::Pending || d.m_threadDone;
    });
    if (d.m_pool.startState() == WorkerPool::StartState::Ready && !d.m_threadDone) {
        d.m_pool.markStarted();
        d.m_ready = true;
        return ok();
    }
    EngineError error = d.m_pool.startState() == WorkerPool::StartState::Failed
                            ? d.m_pool.startError()
                            : makeError(EngineError::Code::Cancelled, "stopped while starting");
    lock.unlock();
    stop();
    return error;
}

std::size_t Supervisor::idleWorkers() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->running() ? m_impl->m_pool.idleCount() : 0;
}

std::size_t Supervisor::busyWorkers() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_pool.busyCount();
}

std::size_t Supervisor::liveWorkers() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->running() ? m_impl->m_pool.liveCount() : 0;
}

bool Supervisor::submit(const JobRequest &job)
{
    std::lock_guard lock(m_impl->m_mutex);
    if (!m_impl->running() || !m_impl->m_pool.assign(job))
        return false;
    m_impl->wake();
    return true;
}

std::vector<JobOutcome> Supervisor::poll(std::chrono::milliseconds wait)
{
    Impl &d = *m_impl;
    std::unique_lock lock(d.m_mutex);
    d.m_changed.wait_for(lock, wait,
                         [&d] { return d.m_pool.hasOutcomes() || !d.m_started || d.m_threadDone; });
    return d.m_pool.takeOutcomes();
}

std::vector<std::string> Supervisor::takeLogLines()
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_pool.takeLogLines();
}

Status Supervisor::health() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_pool.health();
}

std::vector<int> Supervisor::workerPids() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_pool.pids();
}

std::vector<GpuIdentity> Supervisor::workerGpus() const
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_pool.gpus();
}

void Supervisor::stop()
{
    Impl &d = *m_impl;
    std::lock_guard stopLock(d.m_stopMutex);
    {
        std::lock_guard lock(d.m_mutex);
        if (!d.m_thread.joinable())
            return;
        d.m_stopRequested = true;
        d.wake();
    }
    d.m_thread.join();
    std::lock_guard lock(d.m_mutex);
    ::close(d.m_wakeFd);
    d.m_wakeFd = -1;
}

std::vector<JobRequest> Supervisor::takeAbandoned()
{
    std::lock_guard lock(m_impl->m_mutex);
    return m_impl->m_pool.takeAbandoned();
}

} // namespace tb
