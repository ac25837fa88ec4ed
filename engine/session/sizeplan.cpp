#include "sizeplan.h"

#include <algorithm>

namespace tb {

Expected<std::unique_ptr<SizePlan>> SizePlan::create(const Spec &spec, std::size_t sizeIndex,
                                                     const std::string &strategyName,
                                                     std::int64_t maxConfigs,
                                                     const std::function<void(double)> &progress)
{
    auto space = SearchSpace::build(spec, sizeIndex, progress);
    if (!space)
        return space.error();
    std::unique_ptr<SizePlan> plan(new SizePlan(sizeIndex, std::move(space.value())));
    auto strategy = makeStrategy(strategyName, plan->m_space, spec.strategy.seed);
    if (!strategy)
        return strategy.error();
    plan->m_strategy = std::move(strategy.value());
    plan->m_planned = plan->m_space.validCount();
    if (maxConfigs > 0)
        plan->m_planned = std::min<std::uint64_t>(plan->m_planned, maxConfigs);
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
        m_strategyDone = true;
        return std::nullopt;
    }
    ++m_issued;
    return config;
}

bool SizePlan::report(const Configuration &config, std::optional<double> objective)
{
    m_strategy->report(config, objective);
    if (!objective || (m_best && *m_best <= *objective))
        return false;
    m_best = objective;
    return true;
}

} // namespace tb
