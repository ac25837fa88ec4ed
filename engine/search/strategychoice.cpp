#include "strategychoice.h"

namespace tb {

std::string resolveStrategyName(const std::string &name, std::uint64_t validConfigs,
                                const SearchBudget &budget)
{
    if (name != kAutoStrategy)
        return name;
    const bool configsCoverSpace =
        budget.maxConfigs <= 0 || static_cast<std::uint64_t>(budget.maxConfigs) >= validConfigs;
    const bool unbounded = budget.maxSeconds <= 0 && budget.stopAfterNoImprovement <= 0;
    return configsCoverSpace && unbounded ? "brute_force" : kDefaultGuidedStrategy;
}

} // namespace tb
