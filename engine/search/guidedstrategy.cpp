#include "guidedstrategy.h"

#include <cassert>

namespace tb {

GuidedStrategy::GuidedStrategy(const SearchSpace &space, std::uint64_t seed)
    : m_ledger(space), m_neighbourhood(space), m_random(seed), m_unvisited(space.validCount())
{}

std::optional<Configuration> GuidedStrategy::next()
{
    if (done())
        return std::nullopt;
    const auto chosen = choose();
    assert(!chosen || !m_ledger.isVisited(*chosen));
    if (chosen && !m_ledger.isVisited(*chosen))
        return m_ledger.propose(*chosen);
    if (!m_ledger.outstanding().empty() && waitsForReports())
        return std::nullopt;
    if (auto index = randomUnvisited())
        return m_ledger.propose(*index);
    return std::nullopt; // unreachable: not done() means some configuration is unvisited
}

void GuidedStrategy::report(const Configuration &config, std::optional<double> objective)
{
    if (auto index = m_ledger.record(config, objective))
        learn(*index);
}

std::optional<std::uint64_t> GuidedStrategy::randomUnvisited()
{
    // Each index comes out of the shuffle once, so skipping visited ones costs O(space) over
    // the whole run, not per call.
    while (auto index = m_unvisited.next(m_random)) {
        if (!m_ledger.isVisited(*index))
            return index;
    }
    return std::nullopt;
}

std::vector<std::uint64_t> GuidedStrategy::shuffledNeighbours(std::uint64_t centre)
{
    auto neighbours = m_neighbourhood.hamming(centre);
    m_random.shuffle(neighbours);
    return neighbours;
}

} // namespace tb
