#pragma once

#include "jobrequest.h"
#include "supervisoroptions.h"

#include "model/expected.h"

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace tb {

// Runs worker processes and the jobs given to them, surviving whatever the workers do.
//
// - Each worker is started with WorkerLaunch, must send a hello of this protocol version and
//   the expected role, and is set up with the spec; start() reports a worker that cannot do so.
// - A job runs on one idle worker. Its timeout is enforced here: past it the worker is
//   SIGKILLed, the outcome is `timeout`, and the worker is restarted and set up again.
// - A worker that dies or breaks the protocol during a job is restarted and the job runs again
//   on the fresh worker; once a configuration (with its size) has cost crashesBeforeQuarantine
//   workers it is reported `worker_crashed` (exit code or signal, last stderr lines; "protocol
//   error: ..." for garbage) and any later submit of it is answered at once, without running.
// - A worker that dies while idle is restarted. A slot whose restarts fail
//   failedStartsBeforeGivingUp times in a row (no hello, refused, failed setup, or died before
//   finishing any job) gives up: its job, if any, ends `worker_crashed` with the reason,
//   health() returns the error, and the slot counts as neither idle nor busy.
// - A launched worker (srun, ssh: WorkerLaunch::launcher) lost to its launcher rather than to
//   its job (launcherLossReason(): a cancelled task, a lost node, a dropped connection) is
//   restarted, and its job's outcome says `lost` (worker_crashed with the reason) without
//   counting against the configuration: the caller runs it elsewhere. After
//   launcherLossesBeforeDropping such losses the location is dropped: every slot gives up,
//   jobs in flight come back `lost`, health() says why.
// - Every submitted job yields exactly one JobOutcome, except jobs still unfinished when stop()
//   ends the workers: those are listed by takeAbandoned() instead.
//
// All process work (fork, pipes, timeouts, restarts) happens on one internal I/O thread, which
// drains the workers' stderr continually; workers are spawned from it, so they die with it
// (PR_SET_PDEATHSIG) and with this process. Every method is thread-safe. Linux only.
class Supervisor
{
public:
    explicit Supervisor(SupervisorOptions options);
    ~Supervisor(); // stop()
    Supervisor(const Supervisor &) = delete;
    Supervisor &operator=(const Supervisor &) = delete;

    // Spawns all workers and waits for every handshake and setup. On any failure (cannot start,
    // wrong protocol version, wrong role, setup failed, no hello in time) every worker is
    // stopped and the first error is returned. Call once.
    Status start();

    std::size_t idleWorkers() const;
    std::size_t
    busyWorkers() const; // workers with a job, including one being restarted for a retry

    // Workers that have not given up restarting (idle, busy or being restarted).
    std::size_t liveWorkers() const;

    // Gives the job to an idle worker; false when none is idle (or after stop()).
    bool submit(const JobRequest &job);

    // The outcomes that finished, waiting up to `wait` for the first one.
    std::vector<JobOutcome> poll(std::chrono::milliseconds wait);

    // Workers' stderr, one entry per line, "worker N: ..."; the supervisor's own notes
    // (starts, deaths, timeouts, restarts) as "supervisor: ...".
    std::vector<std::string> takeLogLines();

    // ok while every worker slot is usable; the reason once one gave up restarting.
    Status health() const;

    // Current worker process ids by slot (-1 for a slot without a process): for diagnostics.
    std::vector<int> workerPids() const;

    // The GPU each worker slot's current process named in its hello (empty where none did):
    // where the workers were started through srun or ssh, the only account of what they
    // measure on.
    std::vector<GpuIdentity> workerGpus() const;

    // Shutdown to every worker, up to ~2 s for them to finish (results arriving meanwhile are
    // still delivered by poll()), then SIGKILL; every child is reaped. Idempotent.
    void stop();

    // Jobs that stop() cut short, which therefore have no outcome.
    std::vector<JobRequest> takeAbandoned();

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace tb
