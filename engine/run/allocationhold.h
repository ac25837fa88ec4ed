#pragma once

#include "cluster/sallocrequest.h"
#include "model/expected.h"
#include "runner/workerlauncher.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tb {

class SlurmAllocation;

// The Slurm allocation a run asks for (SessionOptions::allocation; issue 22), held for the
// run so that the CLI and the workbench both get it from one place. Destroying the hold
// cancels the job (SlurmAllocation's destructor) if release() was not called.
class AllocationHold
{
public:
    using Say = std::function<void(const std::string &)>;

    AllocationHold();
    ~AllocationHold();
    AllocationHold(const AllocationHold &) = delete;
    AllocationHold &operator=(const AllocationHold &) = delete;

    // Asks Slurm for `request` and waits for the grant (ok at once with none); a stop request
    // cancels the wait. Once granted, the srun launchers of `launchers` run their steps in the
    // job (--jobid), from outside it.
    Status obtain(const std::optional<SallocRequest> &request,
                  const std::atomic<bool> *stopRequested, std::vector<LauncherSettings> &launchers,
                  const Say &say);
    bool held() const { return m_allocation != nullptr; }
    // Cancels the job, saying so; nothing when none is held.
    void release(const Say &say);

private:
    std::unique_ptr<SlurmAllocation> m_allocation;
};

} // namespace tb
