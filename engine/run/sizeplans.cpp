#include "sizeplans.h"

#include "space/variables.h"

#include <algorithm>

namespace tb {

Status SizePlans::plan(const Spec &spec, const std::string &strategy, const SearchBudget &budget,
                       const std::function<void(std::size_t, double)> &onPlanning,
                       const std::function<void(const SpaceSummary &)> &onSized)
{
    for (std::size_t i = 0; i < spec.sizes.values.size(); ++i) {
        auto plan = SizePlan::create(spec, i, strategy, budget,
                                     [onPlanning, i](double fraction) { onPlanning(i, fraction); });
        if (!plan)
            return plan.error();
        SpaceSummary summary;
        summary.sizeIndex = i;
        summary.sizeLabel = problemSizeLabel(spec, i);
        summary.total = (*plan)->space().totalCount();
        summary.valid = (*plan)->space().validCount();
        summary.rejected = (*plan)->space().rejectedCount();
        summary.planned = (*plan)->planned();
        onSized(summary);
        m_plans.push_back(std::move(plan.value()));
    }
    return ok();
}

std::uint64_t SizePlans::planned() const
{
    std::uint64_t planned = 0;
    for (const auto &plan : m_plans)
        planned += plan->planned();
    return planned;
}

bool SizePlans::anyLeft() const
{
    return std::any_of(m_plans.begin(), m_plans.end(),
                       [](const auto &plan) { return !plan->exhausted(); });
}

std::vector<std::string> SizePlans::strategyNames() const
{
    std::vector<std::string> names;
    for (const auto &plan : m_plans)
        if (std::find(names.begin(), names.end(), plan->strategyName()) == names.end())
            names.push_back(plan->strategyName());
    return names;
}

} // namespace tb
