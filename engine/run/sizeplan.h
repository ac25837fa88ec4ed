#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "search/bestsofar.h"
#include "search/searchstrategy.h"
#include "search/strategychoice.h"
#include "space/searchspace.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace tb {

// The tuning of one problem size within a run: its search space, the strategy walking it, the
// budget, and the best objective seen. Sizes are tuned separately (docs/architecture.md: the
// "key").
class SizePlan
{
public:
    // `progress` hears how far the constraints' walk of the grid has come (SearchSpace::build).
    // A strategyName of "auto" becomes brute force or the default guided strategy by the space
    // and the budget (resolveStrategyName).
    static Expected<std::unique_ptr<SizePlan>>
    create(const Spec &spec, std::size_t sizeIndex, const std::string &strategyName,
           const SearchBudget &budget, const std::function<void(double)> &progress = {});

    std::size_t sizeIndex() const { return m_sizeIndex; }
    const SearchSpace &space() const { return m_space; }
    // The strategy searching this size ("auto" resolved).
    std::string strategyName() const { return m_strategy->name(); }
    // Configurations the size will evaluate: the space or max_configs, until the search stops
    // early (strategy.stop_after_no_improvement); then those issued.
    std::uint64_t planned() const { return m_planned; }
    bool stoppedEarly() const { return m_stoppedEarly; }
    bool exhausted() const { return m_issued >= m_planned || m_strategyDone; }

    // The next configuration to evaluate, or nullopt once the plan is spent or while the
    // strategy waits for reports of configurations it proposed (then !exhausted()).
    std::optional<Configuration> next();
    // Issues nothing more: the size was given up on.
    void abandon() { m_strategyDone = true; }
    // Feeds the strategy; returns true when `objective` (lower is better) is a new best.
    bool report(const Configuration &config, std::optional<double> objective);

private:
    SizePlan(std::size_t sizeIndex, SearchSpace space);

    std::size_t m_sizeIndex;
    SearchSpace m_space;
    std::unique_ptr<SearchStrategy> m_strategy; // holds a reference to m_space
    std::uint64_t m_planned = 0;
    std::uint64_t m_issued = 0;
    bool m_strategyDone = false;
    BestSoFar m_bestSoFar;
    std::int64_t m_stopAfterNoImprovement = 0; // 0: never
    bool m_stoppedEarly = false;
};

} // namespace tb
