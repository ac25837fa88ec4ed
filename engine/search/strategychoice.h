#pragma once

#include <cstdint>
#include <string>

namespace tb {

// The strategy a spec gets when it names none: "auto", resolved per problem size once its space
// is known. Brute force where it can finish (no budget, or an evaluation budget that covers
// every valid configuration): the answer is then exact. Otherwise the guided strategy that met
// the most of issue 38's targets, chosen by leave-one-space-out on 14 recorded spaces
// (bench/results/strategies.md): under a budget brute force visits the space in enumeration
// order and would miss whatever lies late in it.
inline constexpr const char *kAutoStrategy = "auto";
inline constexpr const char *kDefaultGuidedStrategy = "model_handover";

// What a search of one problem size may spend; zero means no limit.
struct SearchBudget
{
    std::int64_t maxConfigs = 0;
    double maxSeconds = 0;
    std::int64_t stopAfterNoImprovement = 0;
};

// The strategy to run: `name` itself unless it is kAutoStrategy, which becomes brute_force when
// `budget` lets brute force visit all `validConfigs`, else kDefaultGuidedStrategy. A time budget
// or a stop after no improvement counts as a limit: brute force cannot promise to finish.
std::string resolveStrategyName(const std::string &name, std::uint64_t validConfigs,
                                const SearchBudget &budget);

} // namespace tb
