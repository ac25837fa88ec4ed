#pragma once

// Private to tb_runner: a WorkerPool's side of the protocol with one worker, frame by frame.
// The hello is checked and answered with the setup, the setup's answer makes the slot ready,
// a job's answer (or its reference's progress) ends the job, and a deadline passed refuses a
// start or ends a job as timed out. A worker that breaks the protocol is ended; failures go
// to WorkerFailures. The frames come from the pool, which reads the pipes.

#include "joboutcomes.h"
#include "logqueue.h"
#include "supervisoroptions.h"
#include "workerfailures.h"
#include "workerslot.h"

#include "model/expected.h"
#include "protocol/messages.h"

#include <string>

namespace tb::runner_detail {

class WorkerConversation
{
public:
    // The pool's own options, outcomes, log and failures: they outlive this object.
    WorkerConversation(const SupervisorOptions &options, JobOutcomes &outcomes, LogQueue &log,
                       WorkerFailures &failures);

    // One frame the slot's worker sent, as far as its phase expects one.
    void onFrame(WorkerSlot &slot, const Expected<std::string> &frame, Clock::time_point now);
    // The slot's deadline (handshake phase or job limit) has passed.
    void onDeadline(WorkerSlot &slot, Clock::time_point now);
    // "worker 'tunebench-worker ...'": the worker program, as failure messages name it.
    std::string workerName() const;

private:
    void onHello(WorkerSlot &slot, const Expected<std::string> &frame, Clock::time_point now);
    void onSetupAnswer(WorkerSlot &slot, const Expected<Message> &message);
    void onJobAnswer(WorkerSlot &slot, Expected<Message> message);
    void refuse(WorkerSlot &slot, EngineError error);
    void log(std::string line) { m_log.push(std::move(line)); }

    const SupervisorOptions &m_options;
    JobOutcomes &m_outcomes;
    LogQueue &m_log;
    WorkerFailures &m_failures;
};

} // namespace tb::runner_detail
