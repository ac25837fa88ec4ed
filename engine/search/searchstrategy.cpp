#include "searchstrategy.h"

#include <algorithm>
#include <functional>

#include "search/bayesianoptimizationstrategy.h"
#include "search/bruteforcestrategy.h"
#include "search/coordinatedescentstrategy.h"
#include "search/elitistevolutionstrategy.h"
#include "search/geneticalgorithmstrategy.h"
#include "search/greedyilsstrategy.h"
#include "search/modelhandoverstrategy.h"
#include "search/nichingevolutionstrategy.h"
#include "search/portfoliostrategy.h"
#include "search/randomstrategy.h"
#include "search/simulatedannealingstrategy.h"
#include "search/strategychoice.h"
#include "search/surrogateevolutionstrategy.h"

namespace tb {

namespace {

using Factory = std::function<Expected<std::unique_ptr<SearchStrategy>>(
    const SearchSpace &, std::uint64_t, const StrategyOptions &)>;

struct StrategyEntry
{
    std::string name;
    Factory make;
    std::function<std::vector<StrategyOptionDescription>()> describe;
    std::function<Status(const StrategyOptions &)> check; // as make() would judge them
};

// A strategy whose constructor takes (space, seed, its options struct).
template <typename Strategy, typename Options> StrategyEntry guided(const std::string &name)
{
    return {name,
            [name](const SearchSpace &space, std::uint64_t seed,
                   const StrategyOptions &values) -> Expected<std::unique_ptr<SearchStrategy>> {
                auto options = parseOptions<Options>(name, values);
                if (!options)
                    return options.error();
                return std::unique_ptr<SearchStrategy>(
                    std::make_unique<Strategy>(space, seed, *options));
            },
            describeOptions<Options>,
            [name](const StrategyOptions &values) -> Status {
                auto options = parseOptions<Options>(name, values);
                if (!options)
                    return options.error();
                return ok();
            }};
}

const std::vector<StrategyEntry> &registry()
{
    static const std::vector<StrategyEntry> entries{
        {"brute_force",
         [](const SearchSpace &space, std::uint64_t,
            const StrategyOptions &values) -> Expected<std::unique_ptr<SearchStrategy>> {
             if (auto refused = refuseOptions("brute_force", values); !refused)
                 return refused.error();
             return std::unique_ptr<SearchStrategy>(std::make_unique<BruteForceStrategy>(space));
         },
         [] { return std::vector<StrategyOptionDescription>{}; },
         [](const StrategyOptions &values) { return refuseOptions("brute_force", values); }},
        {"random",
         [](const SearchSpace &space, std::uint64_t seed,
            const StrategyOptions &values) -> Expected<std::unique_ptr<SearchStrategy>> {
             if (auto refused = refuseOptions("random", values); !refused)
                 return refused.error();
             return std::unique_ptr<SearchStrategy>(std::make_unique<RandomStrategy>(space, seed));
         },
         [] { return std::vector<StrategyOptionDescription>{}; },
         [](const StrategyOptions &values) { return refuseOptions("random", values); }},
        guided<CoordinateDescentStrategy, CoordinateDescentOptions>("coordinate_descent"),
        guided<GreedyIlsStrategy, GreedyIlsOptions>("greedy_ils"),
        guided<SimulatedAnnealingStrategy, SimulatedAnnealingOptions>("simulated_annealing"),
        guided<GeneticAlgorithmStrategy, GeneticAlgorithmOptions>("genetic_algorithm"),
        guided<BayesianOptimizationStrategy, BayesianOptimizationOptions>("bayesian_optimization"),
        guided<ElitistEvolutionStrategy, ElitistEvolutionOptions>("elitist_evolution"),
        guided<SurrogateEvolutionStrategy, SurrogateEvolutionOptions>("surrogate_evolution"),
        guided<NichingEvolutionStrategy, NichingEvolutionOptions>("niching_evolution"),
        guided<ModelHandoverStrategy, ModelHandoverOptions>("model_handover"),
        guided<PortfolioStrategy, PortfolioOptions>("portfolio"),
    };
    return entries;
}

const StrategyEntry *findEntry(const std::string &name)
{
    const auto &entries = registry();
    auto it = std::find_if(entries.begin(), entries.end(),
                           [&](const StrategyEntry &entry) { return entry.name == name; });
    return it == entries.end() ? nullptr : &*it;
}

} // namespace

const std::vector<std::string> &strategyNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> list{kAutoStrategy};
        for (const auto &entry : registry())
            list.push_back(entry.name);
        return list;
    }();
    return names;
}

Status checkStrategyName(const std::string &name)
{
    if (name == kAutoStrategy || findEntry(name))
        return ok();
    std::string list;
    for (const auto &candidate : strategyNames())
        list += (list.empty() ? "" : ", ") + candidate;
    return makeError(EngineError::Code::InvalidArgument, "unknown search strategy '" + name + "'",
                     "known strategies: " + list);
}

Status checkStrategyOptions(const std::string &name, const StrategyOptions &options)
{
    if (name == kAutoStrategy)
        return options.empty() ? ok()
                               : makeError(EngineError::Code::InvalidArgument,
                                           "strategy 'auto' takes no options",
                                           "name the strategy whose options these are");
    const auto *entry = findEntry(name);
    if (!entry)
        return checkStrategyName(name);
    return entry->check(options);
}

std::vector<StrategyOptionDescription> strategyOptionDescriptions(const std::string &name)
{
    const auto *entry = findEntry(name);
    return entry ? entry->describe() : std::vector<StrategyOptionDescription>{};
}

Expected<std::unique_ptr<SearchStrategy>> makeStrategy(const std::string &name,
                                                       const SearchSpace &space, std::uint64_t seed)
{
    return makeStrategy(name, space, seed, {});
}

Expected<std::unique_ptr<SearchStrategy>> makeStrategy(const std::string &name,
                                                       const SearchSpace &space, std::uint64_t seed,
                                                       const StrategyOptions &options)
{
    if (name == kAutoStrategy)
        return makeError(EngineError::Code::InvalidArgument,
                         "strategy 'auto' is resolved per problem size before a search starts",
                         "resolveStrategyName() names the strategy to make");
    const auto *entry = findEntry(name);
    if (!entry)
        return checkStrategyName(name).error();
    return entry->make(space, seed, options);
}

} // namespace tb
