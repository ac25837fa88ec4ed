#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "space/searchspace.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// Decides which configuration of a search space to evaluate next. A strategy holds a reference
// to its SearchSpace: the space must outlive it and must not move while it is in use.
class SearchStrategy
{
public:
    virtual ~SearchStrategy() = default;

    // The name a spec uses for it ("brute_force", "random").
    virtual std::string name() const = 0;
    // The next configuration to evaluate; nullopt once the strategy has nothing more to offer.
    virtual std::optional<Configuration> next() = 0;
    // How a configuration did: lower is better, nullopt when it failed. Model-based strategies
    // learn from it; the simple ones ignore it.
    virtual void report(const Configuration &config, std::optional<double> objective)
    {
        (void)config;
        (void)objective;
    }
};

// The names makeStrategy() accepts, in a stable order.
const std::vector<std::string> &strategyNames();

// InvalidArgument naming the known strategies when `name` is not one of them.
Status checkStrategyName(const std::string &name);

// Fails as checkStrategyName() when `name` is not a known strategy.
Expected<std::unique_ptr<SearchStrategy>>
makeStrategy(const std::string &name, const SearchSpace &space, std::uint64_t seed);

} // namespace tb
