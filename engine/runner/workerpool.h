#pragma once

// Private to tb_runner: the supervisor's state machine over its worker slots, without threads
// or locks. Supervisor drives it from its I/O thread and serialises every call with a mutex.
// The pool does the process I/O: spawning, the pipes, reaping, restarts, shutdown. The rest is
// in classes of its own: WorkerConversation for the protocol frame by frame, WorkerFailures for
// what a failed worker leads to (with CrashQuarantine, RestartBackoff and LauncherLossBudget,
// its rules without I/O), WorkerSlot for one slot's state, jobfailure.h for how a failed job is
// worded, JobOutcomes for what the caller takes, StderrCapture and LogQueue for what is logged.

#include "joboutcomes.h"
#include "jobrequest.h"
#include "logqueue.h"
#include "supervisoroptions.h"
#include "workerconversation.h"
#include "workerfailures.h"
#include "workerslot.h"

#include "model/expected.h"

#include <poll.h>
#include <string>
#include <utility>
#include <vector>

namespace tb::runner_detail {

class WorkerPool
{
public:
    enum class StartState
    {
        Pending,
        Ready,
        Failed
    };
    struct PollRef
    {
        std::size_t slot;
        enum class Stream
        {
            In,
            Out,
            Err
        } stream;
    };

    explicit WorkerPool(SupervisorOptions options);
    // Its parts hold references to its slots, outcomes and log.
    WorkerPool(const WorkerPool &) = delete;
    WorkerPool &operator=(const WorkerPool &) = delete;

    // --- driving, from the I/O thread
    void startAll(Clock::time_point now);
    // Everything that does not wait for a fd: reaping, deadlines, restarts, queued jobs.
    void step(Clock::time_point now);
    void fillPollSet(std::vector<pollfd> &fds, std::vector<PollRef> &refs) const;
    void handlePollResults(const std::vector<pollfd> &fds, const std::vector<PollRef> &refs,
                           Clock::time_point now);
    int pollTimeoutMs(Clock::time_point now) const;
    void beginShutdown(Clock::time_point now);
    bool stopping() const { return m_stopping; }
    bool shutdownDone(Clock::time_point now) const;
    void killRemaining(); // SIGKILL and reap whatever is left; abandons unfinished jobs

    // --- queries and requests
    StartState startState() const;
    const EngineError &startError() const { return *m_failures.startError(); }
    void markStarted() { m_failures.markStarted(); }
    bool assign(const JobRequest &job);
    std::size_t idleCount() const;
    std::size_t busyCount() const;
    std::size_t liveCount() const; // slots that have not given up restarting
    bool hasOutcomes() const { return !m_outcomes.empty(); }
    std::vector<JobOutcome> takeOutcomes();
    std::vector<std::string> takeLogLines();
    std::vector<JobRequest> takeAbandoned();
    Status health() const;
    std::vector<int> pids() const;
    std::vector<GpuIdentity> gpus() const;

private:
    void spawn(WorkerSlot &slot, Clock::time_point now);
    void sendJob(WorkerSlot &slot, Clock::time_point now);
    void readStdout(WorkerSlot &slot, Clock::time_point now);
    void finishProcess(WorkerSlot &slot, Clock::time_point now);
    // After the process is reaped: what its end means for the slot, its job and the pool.
    void judgeEnd(WorkerSlot &slot, WorkerSlot::Ending ending, WorkerSlot::Phase phase,
                  const std::string &how, const std::string &lost, Clock::time_point now);
    void log(std::string line);

    SupervisorOptions m_options;
    std::vector<WorkerSlot> m_slots;
    JobOutcomes m_outcomes;
    LogQueue m_log;
    WorkerFailures m_failures;
    WorkerConversation m_conversation;
    std::vector<JobRequest> m_abandoned;
    bool m_stopping = false;
    Clock::time_point m_stopDeadline = Clock::time_point::max();
};

} // namespace tb::runner_detail
