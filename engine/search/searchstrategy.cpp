#include "searchstrategy.h"

#include "search/bruteforcestrategy.h"
#include "search/randomstrategy.h"

namespace tb {

const std::vector<std::string> &strategyNames()
{
    static const std::vector<std::string> names{"brute_force", "random"};
    return names;
}

Expected<std::unique_ptr<SearchStrategy>> makeStrategy(const std::string &name,
                                                       const SearchSpace &space, std::uint64_t seed)
{
    std::unique_ptr<SearchStrategy> strategy;
    if (name == "brute_force")
        strategy = std::make_unique<BruteForceStrategy>(space);
    else if (name == "random")
        strategy = std::make_unique<RandomStrategy>(space, seed);
    if (strategy)
        return strategy;

    std::string known;
    for (const auto &candidate : strategyNames())
        known += (known.empty() ? "" : ", ") + candidate;
    return makeError(EngineError::Code::InvalidArgument, "unknown search strategy '" + name + "'",
                     "known strategies: " + known);
}

} // namespace tb
