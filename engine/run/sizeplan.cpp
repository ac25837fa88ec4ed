#include "sizeplan.h"

#include <algorithm>

namespace tb {

Expected<std::unique_ptr<SizePlan>> SizePlan::create(const Spec &spec, std::size_t sizeIndex,
                                                     const std::string &strategyName,
                                                     const SearchBudget &budget,
                                                     const std::function<void(double)> &progress)
{
    auto space = SearchSpace::build(spec, sizeIndex, progress);
    if (!space)
        return space.error();
    std::unique_ptr<SizePlan> plan(new SizePlan(sizeIndex, std::move(space.value())));
    // The spec's options are for the spec's strategy; another one (tune --strategy) runs with
    // its defaults.
    const StrategyOptions options =
        strategyName == spec.strategy.name ? spec.strategy.options : StrategyOptions{};
    const std::string resolved =
        resolveStrategyName(strategyName, plan->m_space.validCount(), budget);
    auto strategy = makeStrategy(resolved, plan->m_space, spec.strategy.seed, options);
    if (!strategy)
        return strategy.error();
    plan->m_strategy = std::move(strategy.value());
    plan->m_planned = plan->m_space.validCount();
    plan->m_stopAfterNoImprovement = budget.stopAfterNoImprovement;
    if (budget.maxConfigs > 0)
        plan->m_planned = std::min<std::uint64_t>(plan->m_planned, budget.maxConfigs);
    return plan;
}

SizePlan::SizePlan(std::size_t sizeIndex, SearchSpace space)
    : m_sizeIndex(sizeIndex), m_space(std::move(space))
{}

std::optional<Configuration> SizePlan::next()
{
    if (exhausted())
        return std::nullopt;
    auto config = m_strategy->next();
    if (!config) {
        // Nothing now; the strategy may still have more once its outstanding proposals report.
        m_strategyDone = m_strategy->done();
        return std::nullopt;
    }
    ++m_issued;
    return config;
}

bool SizePlan::report(const Configuration &config, std::optional<double> objective)
{
    m_strategy->report(config, objective);
    const bool newBest = m_bestSoFar.offer(objective);
    if (m_stopAfterNoImprovement > 0 && m_bestSoFar.sinceBest() >= m_stopAfterNoImprovement &&
        !m_stoppedEarly) {
        // What is in flight still comes back and counts; nothing new is issued.
        m_planned = std::min(m_planned, m_issued);
        m_stoppedEarly = true;
    }
    return newBest;
}

} // namespace tb
