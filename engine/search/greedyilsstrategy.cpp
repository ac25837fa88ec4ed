#include "greedyilsstrategy.h"

#include <algorithm>
#include <cmath>

namespace tb {

namespace {

// How far from the kicked point its nearest unvisited valid configuration may be.
constexpr std::size_t kRepairDistance = 3;

} // namespace

std::vector<OptionField<GreedyIlsOptions>> GreedyIlsOptions::fields()
{
    return {
        optionField("perturbation", "fraction of the parameters a kick at a local optimum changes",
                    0, 1, &GreedyIlsOptions::perturbation),
        optionField("restart_after", "evaluations without a better local optimum before a restart",
                    1, 1e9, &GreedyIlsOptions::restartAfter)};
}

GreedyIlsStrategy::GreedyIlsStrategy(const SearchSpace &space, std::uint64_t seed,
                                     GreedyIlsOptions options)
    : GuidedStrategy(space, seed), m_options(options),
      m_climber(
          ledger(),
          [this](std::uint64_t centre, std::size_t) { return shuffledNeighbours(centre); }, 1,
          false)
{}

std::optional<std::uint64_t> GreedyIlsStrategy::choose()
{
    if (auto proposal = m_climber.proposal())
        return proposal;
    if (!m_climber.finished())
        return std::nullopt; // waiting for this neighbourhood's reports
    keepLocalOptimum();
    std::optional<std::uint64_t> start;
    if (m_incumbent && m_sinceImprovement < m_options.restartAfter)
        start = kick();
    if (!start) {
        m_incumbent.reset();
        m_sinceImprovement = 0;
        start = randomUnvisited();
    }
    if (!start)
        return std::nullopt;
    m_climber.startAt(*start);
    return m_climber.proposal();
}

void GreedyIlsStrategy::learn(std::uint64_t)
{
    ++m_sinceImprovement;
    m_climber.update();
}

// The climb just ended: its centre is a local optimum (unless it failed).
void GreedyIlsStrategy::keepLocalOptimum()
{
    const auto optimum = m_climber.centre();
    if (!optimum)
        return;
    const double score = ledger().score(*optimum).value_or(SearchLedger::kFailed);
    if (score == SearchLedger::kFailed)
        return;
    if (!m_incumbent || score < *ledger().score(*m_incumbent)) {
        m_incumbent = optimum;
        m_sinceImprovement = 0;
    }
}

// The incumbent with a few parameters set to other random values, moved to the nearest valid
// configuration not yet visited; nullopt when there is none near.
std::optional<std::uint64_t> GreedyIlsStrategy::kick()
{
    auto point = neighbourhood().coordinatesOf(*m_incumbent);
    std::vector<std::size_t> changeable;
    for (std::size_t k = 0; k < point.size(); ++k) {
        if (neighbourhood().valueCount(k) > 1)
            changeable.push_back(k);
    }
    if (changeable.empty())
        return std::nullopt;
    random().shuffle(changeable);
    const auto wanted = static_cast<std::size_t>(
        std::ceil(m_options.perturbation * static_cast<double>(point.size())));
    const std::size_t count = std::clamp<std::size_t>(wanted, 1, changeable.size());
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t k = changeable[i];
        // Any value but the current one.
        const std::size_t other = random().below(neighbourhood().valueCount(k) - 1);
        point[k] = other >= point[k] ? other + 1 : other;
    }
    return neighbourhood().nearest(
        point, kRepairDistance, [this](std::uint64_t index) { return !ledger().isVisited(index); });
}

} // namespace tb
