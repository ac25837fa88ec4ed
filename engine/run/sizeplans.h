#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "search/strategychoice.h"
#include "sessionevents.h"
#include "sizeplan.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tb {

// A run's plans, one SizePlan per problem size of its spec, in size order: made together at
// the run's start, then asked together how much the run will evaluate and what is left.
class SizePlans
{
public:
    using Plans = std::vector<std::unique_ptr<SizePlan>>;

    // Plans every size for `strategy` within `budget`, one after another: `onPlanning` hears
    // each size's planning progress (a large space takes a while), `onSized` its space once
    // planned, before the next size is planned.
    Status plan(const Spec &spec, const std::string &strategy, const SearchBudget &budget,
                const std::function<void(std::size_t sizeIndex, double fraction)> &onPlanning,
                const std::function<void(const SpaceSummary &)> &onSized);

    // The configurations the sizes plan now (a search that stops early plans fewer).
    std::uint64_t planned() const;
    // Whether a size has configurations left to issue.
    bool anyLeft() const;
    // The strategies the sizes run, each once, in size order: what "auto" became.
    std::vector<std::string> strategyNames() const;

    Plans::iterator begin() { return m_plans.begin(); }
    Plans::iterator end() { return m_plans.end(); }

private:
    Plans m_plans;
};

} // namespace tb
