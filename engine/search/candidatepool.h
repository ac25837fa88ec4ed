#pragma once

#include "neighbourhood.h"
#include "searchledger.h"

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace tb {

// The unvisited configurations a surrogate model ranks before a model-based proposal, each
// once (bayesian_optimization, surrogate_evolution).
class CandidatePool
{
public:
    explicit CandidatePool(const SearchLedger &ledger) : m_ledger(ledger) {}

    void offer(std::uint64_t index)
    {
        if (!m_ledger.isVisited(index) && m_seen.insert(index).second)
            m_pool.push_back(index);
    }

    // Up to `more` further candidates from `draw()`, with a few tries each: late in a small
    // space, or from a converged population, most draws hit visited ones.
    template <typename Draw> void drawUpTo(std::size_t more, Draw draw)
    {
        const std::size_t wanted = m_pool.size() + more;
        for (std::size_t tries = 0; tries < 4 * wanted && m_pool.size() < wanted; ++tries)
            offer(draw());
    }

    // The unvisited one-parameter neighbours of the `count` best reported configurations.
    void offerNeighboursOfBest(const Neighbourhood &neighbourhood, std::size_t count)
    {
        for (const std::uint64_t good : m_ledger.bestReported(count))
            for (const std::uint64_t neighbour : neighbourhood.hamming(good))
                offer(neighbour);
    }

    std::vector<std::uint64_t> take() { return std::move(m_pool); }

private:
    const SearchLedger &m_ledger;
    std::unordered_set<std::uint64_t> m_seen;
    std::vector<std::uint64_t> m_pool;
};

} // namespace tb
