#include "allocationhold.h"

#include "cluster/slurmallocation.h"

namespace tb {

AllocationHold::AllocationHold() = default;
AllocationHold::~AllocationHold() = default;

Status AllocationHold::obtain(const std::optional<SallocRequest> &request,
                              const std::atomic<bool> *stopRequested,
                              std::vector<LauncherSettings> &launchers, const Say &say)
{
    if (!request)
        return ok();
    auto allocation = SlurmAllocation::obtain(*request, stopRequested, say);
    if (!allocation)
        return allocation.error();
    m_allocation = std::move(allocation.value());
    for (auto &launcher : launchers) {
        if (launcher.kind == LauncherKind::Srun)
            launcher.extraArguments.insert(launcher.extraArguments.begin(),
                                           m_allocation->srunArgument());
    }
    return ok();
}

void AllocationHold::release(const Say &say)
{
    if (!m_allocation)
        return;
    say(m_allocation->release());
    m_allocation.reset();
}

} // namespace tb
