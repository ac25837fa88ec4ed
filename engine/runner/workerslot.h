#pragma once

// Private to tb_runner: the state of one worker slot of a WorkerPool, and the steps that change
// it alone (its job taken, its process ending, its stderr logged).

#include "jobrequest.h"
#include "stderrcapture.h"
#include "workerprocess.h"

#include "model/engineerror.h"
#include "protocol/streamparser.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace tb::runner_detail {

using Clock = std::chrono::steady_clock;

class LogQueue;

struct WorkerSlot
{
    // Where the slot's current (or next) process stands in the conversation.
    enum class Phase
    {
        Down,       // no process; one is spawned at restartAt
        AwaitHello, // spawned, hello not yet received
        AwaitReady, // setup sent
        Ready,      // set up: idle, or running `job`
        Failed,     // gave up (see WorkerPool::health()); never restarted
    };
    // Why the current process is on its way out; None while it is healthy.
    enum class Ending
    {
        None,
        Exited,        // closed its stdout or died: waiting to reap it
        ProtocolError, // sent something unreadable or unexpected: killed
        Timeout,       // ran past a job's limit: killed
        Refused,       // failed its handshake or setup: killed
    };

    int index = 0;
    std::string name; // "worker 0", or "worker 0 on <location>" for a launched one
    Phase phase = Phase::Down;
    std::unique_ptr<WorkerProcess> process;
    std::unique_ptr<StreamParser> parser; // fresh for each process

    std::optional<JobRequest> job; // busy while set, across restarts for a retry
    bool jobSent = false;
    bool inReference = false; // the job's worker is computing the reference outputs

    Clock::time_point deadline = Clock::time_point::max(); // handshake phase or job limit
    Clock::time_point restartAt{};
    Clock::time_point killAt = Clock::time_point::max(); // grace for an Exited process

    Ending ending = Ending::None;
    std::string endingText;                // the protocol error, for messages
    std::optional<EngineError> startError; // why a handshake was refused
    int failedStarts = 0;                  // consecutive
    int jobsDone = 0;                      // by the current process
    std::string host;                      // from the current process's hello
    std::string device;                    // the same hello's device
    GpuIdentity gpu;                       // and GPU (a CUDA measuring worker's)
    StderrCapture stderrCapture;           // the current process's: logged, last lines

    bool healthy() const { return process && ending == Ending::None; }
    bool idle() const { return phase == Phase::Ready && healthy() && !job; }
    // Set up, with a job it has not been sent yet.
    bool jobWaiting() const { return phase == Phase::Ready && job && !jobSent; }

    // The slot's job, which has its outcome now: the slot no longer holds it.
    JobRequest takeJob();
    // The process is on its way out (`ending`, not None): an Exited one is given a grace to
    // exit, to learn its status; any other is killed. A second ending changes nothing.
    void beginEnding(Ending why, std::string text, Clock::time_point now);
    // Logs what the process wrote on stderr since the last call.
    void readStderr(LogQueue &log);
    // Ends a job's (or a start's) output: says how much of it was dropped, then its last lines.
    void endOutput(LogQueue &log);
};

} // namespace tb::runner_detail
