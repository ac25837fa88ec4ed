#pragma once

// Private to tb_runner: the supervisor's state machine over its worker slots, without threads
// or locks. Supervisor drives it from its I/O thread and serialises every call with a mutex.
// The pool does the I/O (processes, pipes, frames); its rules live in classes without any:
// CrashQuarantine, RestartBackoff and LauncherLossBudget for failures, jobfailure.h for
// how a failed job is worded, JobOutcomes for what the caller takes, checkHello() and
// checkSetupAnswer() for the handshake, StderrCapture and LogQueue for what is logged.

#include "crashquarantine.h"
#include "joboutcomes.h"
#include "jobrequest.h"
#include "launcherlossbudget.h"
#include "logqueue.h"
#include "restartbackoff.h"
#include "supervisoroptions.h"
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
    const EngineError &startError() const { return *m_startError; }
    void markStarted() { m_starting = false; }
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
    void readStderr(WorkerSlot &slot);
    void endOutput(WorkerSlot &slot);
    void readStdout(WorkerSlot &slot, Clock::time_point now);
    void onFrame(WorkerSlot &slot, const Expected<std::string> &frame, Clock::time_point now);
    void onHello(WorkerSlot &slot, const Expected<std::string> &frame, Clock::time_point now);
    void onSetupAnswer(WorkerSlot &slot, const Expected<Message> &message);
    void onJobAnswer(WorkerSlot &slot, Expected<Message> message);
    void onDeadline(WorkerSlot &slot, Clock::time_point now);
    void refuse(WorkerSlot &slot, EngineError error);
    void endProcess(WorkerSlot &slot, WorkerSlot::Ending ending, std::string text,
                    Clock::time_point now);
    void finishProcess(WorkerSlot &slot, Clock::time_point now);
    JobRequest takeJob(WorkerSlot &slot);
    void jobKilledWorker(WorkerSlot &slot, const std::string &how);
    void referenceFailed(WorkerSlot &slot, std::string message);
    void failedStart(WorkerSlot &slot, EngineError error, Clock::time_point now);
    void lostToLauncher(WorkerSlot &slot, const std::string &reason);
    void dropLocation(const std::string &lastReason);
    void log(std::string line);
    std::string workerName() const;
    // "worker 0", or "worker 0 on srun task 2" for a launched one: its hello's pid is the task.
    std::string slotName(const WorkerSlot &slot) const;

    SupervisorOptions m_options;
    std::vector<WorkerSlot> m_slots;
    CrashQuarantine m_quarantine;
    RestartBackoff m_restarts;
    LauncherLossBudget m_launcherLosses; // this location's, all told
    JobOutcomes m_outcomes;
    LogQueue m_log;
    std::vector<JobRequest> m_abandoned;
    std::optional<EngineError> m_startError;
    std::optional<EngineError> m_health;
    bool m_starting = true;
    bool m_stopping = false;
    Clock::time_point m_stopDeadline = Clock::time_point::max();
};

} // namespace tb::runner_detail
