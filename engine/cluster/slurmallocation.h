#pragma once

#include "model/expected.h"
#include "sallocrequest.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace tb {

// A Slurm allocation this process asked for (`salloc --no-shell`) and holds for one run
// (issue 22): the measuring workers' srun steps run in it (--jobid), and it is given back
// (`scancel JOB`) by release() when the run ends or fails, or by the destructor on any other
// way out, so that nothing stays allocated. Only a process killed outright (SIGKILL) leaves
// its allocation to Slurm's time limit.
class SlurmAllocation
{
public:
    // What Slurm says while the allocation is asked for, for the user (queued and waiting for
    // resources, granted).
    using Say = std::function<void(const std::string &)>;

    // Runs salloc and waits for the grant. A stop request (polled) interrupts salloc, which
    // revokes the request, and cancels the job if one was made: Cancelled. salloc refusing
    // (a partition, account or time limit it does not accept): sallocRefusal()'s error.
    static Expected<std::unique_ptr<SlurmAllocation>>
    obtain(const SallocRequest &request, const std::atomic<bool> *stopRequested, const Say &say);

    ~SlurmAllocation();
    SlurmAllocation(const SlurmAllocation &) = delete;
    SlurmAllocation &operator=(const SlurmAllocation &) = delete;

    const std::string &jobId() const { return m_jobId; }
    // `srun --jobid=JOB`: what the srun launchers add to run their steps in it.
    std::string srunArgument() const { return "--jobid=" + m_jobId; }

    // Cancels the job (once): "Released Slurm job 12 (scancel 12)", or why it could not be
    // and what to run by hand.
    std::string release();

private:
    SlurmAllocation(std::string jobId, std::string scancelProgram);

    std::string m_jobId;
    std::string m_scancelProgram;
    bool m_released = false;
};

} // namespace tb
