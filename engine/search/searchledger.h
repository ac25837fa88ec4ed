#pragma once

#include "model/configuration.h"
#include "space/searchspace.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

namespace tb {

// What a guided strategy has proposed and heard back, by index in the space. A configuration is
// visited once proposed, or once reported without having been proposed (a result of an earlier
// run fed back in); visited configurations are never proposed again.
//
// Outcomes are scores, lower is better: the objective, or +infinity for a failed evaluation, so
// that a failure compares as worse than anything and is never moved to.
class SearchLedger
{
public:
    static constexpr double kFailed = std::numeric_limits<double>::infinity();

    explicit SearchLedger(const SearchSpace &space) : m_space(space) {}

    const SearchSpace &space() const { return m_space; }

    // Marks `index` proposed and returns its configuration; precondition: not visited.
    Configuration propose(std::uint64_t index);
    // The index of `config` when this is its first report; nullopt for a configuration outside
    // the space or one reported before (ignored).
    std::optional<std::uint64_t> record(const Configuration &config,
                                        std::optional<double> objective);

    bool isVisited(std::uint64_t index) const { return m_entries.count(index) != 0; }
    bool isReported(std::uint64_t index) const { return score(index).has_value(); }
    bool isOutstanding(std::uint64_t index) const { return m_outstanding.count(index) != 0; }
    // The reported score (kFailed for a failure); nullopt while not reported.
    std::optional<double> score(std::uint64_t index) const;

    std::uint64_t visitedCount() const { return m_entries.size(); }
    bool allVisited() const { return visitedCount() >= m_space.validCount(); }
    // Proposed, not yet reported; ascending by index.
    const std::set<std::uint64_t> &outstanding() const { return m_outstanding; }
    // Every reported index, in the order the reports came.
    const std::vector<std::uint64_t> &reported() const { return m_reported; }
    // The best successful configuration so far, if any.
    std::optional<std::uint64_t> best() const { return m_best; }
    // Up to `count` successful reported indices, best first (ties by index).
    std::vector<std::uint64_t> bestReported(std::size_t count) const;

private:
    const SearchSpace &m_space;
    // Visited index -> its score once reported.
    std::unordered_map<std::uint64_t, std::optional<double>> m_entries;
    std::set<std::uint64_t> m_outstanding;
    std::vector<std::uint64_t> m_reported;
    std::optional<std::uint64_t> m_best;
};

} // namespace tb
