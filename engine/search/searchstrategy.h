#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "search/strategyoptions.h"
#include "space/searchspace.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// Decides which configuration of a search space to evaluate next. A strategy holds a reference
// to its SearchSpace: the space must outlive it and must not move while it is in use.
//
// Evaluation is asynchronous: a run keeps several configurations in flight (several workers),
// so next() is called again before earlier proposals are reported, and reports arrive in any
// order. Every strategy proposes only valid configurations, never the same one twice, and run
// to exhaustion proposes every valid configuration exactly once.
class SearchStrategy
{
public:
    virtual ~SearchStrategy() = default;

    // The name a spec uses for it ("brute_force", "random", ...).
    virtual std::string name() const = 0;
    // The next configuration to evaluate, or nullopt when the strategy has nothing to offer now:
    // either it is done(), or it waits for reports of configurations it proposed (a local
    // search waiting for its neighbourhood). It never returns nullopt while !done() with none of
    // its proposals outstanding: that would stall the run.
    virtual std::optional<Configuration> next() = 0;
    // True once next() will never offer anything again: every valid configuration was proposed.
    virtual bool done() const = 0;
    // How a configuration did: lower is better, nullopt when it failed (to compile, launch or
    // verify). Guided strategies learn from it and never propose a reported configuration, so
    // reporting results of an earlier run before the first next() resumes it; brute force and
    // random ignore reports.
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

// InvalidArgument, as makeStrategy() would say it, when `name` is unknown or one of `options`
// is not one of its options or out of range: a spec is checked before any run exists.
Status checkStrategyOptions(const std::string &name, const StrategyOptions &options);

// The options a strategy takes, with their defaults; empty for one that takes none or an
// unknown name.
std::vector<StrategyOptionDescription> strategyOptionDescriptions(const std::string &name);

// Fails as checkStrategyName() when `name` is not a known strategy. Every option at its default.
Expected<std::unique_ptr<SearchStrategy>>
makeStrategy(const std::string &name, const SearchSpace &space, std::uint64_t seed);

// As above with named option values; InvalidArgument naming the option and the strategy when an
// option is unknown to it or its value is out of range.
Expected<std::unique_ptr<SearchStrategy>> makeStrategy(const std::string &name,
                                                       const SearchSpace &space, std::uint64_t seed,
                                                       const StrategyOptions &options);

} // namespace tb
