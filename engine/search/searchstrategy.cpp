#include "searchstrategy.h"

#include <algorithm>

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
    return checkStrategyName(name).error();
}

Status checkStrategyName(const std::string &name)
{
    const auto &known = strategyNames();
    if (std::find(known.begin(), known.end(), name) != known.end())
        return ok();
    std::string list;
    for (const auto &candidate : known)
        list += (list.empty() ? "" : ", ") + candidate;
    return makeError(EngineError::Code::InvalidArgument, "unknown search strategy '" + name + "'",
                     "known strategies: " + list);
}

} // namespace tb
