#include "searchledger.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace tb {

Configuration SearchLedger::propose(std::uint64_t index)
{
    assert(!isVisited(index));
    m_entries.emplace(index, std::nullopt);
    m_outstanding.insert(index);
    return m_space.at(index);
}

std::optional<std::uint64_t> SearchLedger::record(const Configuration &config,
                                                  std::optional<double> objective)
{
    const auto index = m_space.indexOf(config);
    if (!index)
        return std::nullopt;
    auto &entry = m_entries[*index];
    if (entry)
        return std::nullopt;
    // NaN compares as nothing: count it as the failure it is.
    const double value = objective && !std::isnan(*objective) ? *objective : kFailed;
    entry = value;
    m_outstanding.erase(*index);
    m_reported.push_back(*index);
    if (value < kFailed && (!m_best || value < *m_entries[*m_best]))
        m_best = *index;
    return index;
}

std::optional<double> SearchLedger::score(std::uint64_t index) const
{
    auto it = m_entries.find(index);
    return it == m_entries.end() ? std::nullopt : it->second;
}

std::vector<std::uint64_t> SearchLedger::bestReported(std::size_t count) const
{
    std::vector<std::uint64_t> successes;
    for (const std::uint64_t index : m_reported) {
        if (*score(index) != kFailed)
            successes.push_back(index);
    }
    const std::size_t kept = std::min(count, successes.size());
    std::partial_sort(successes.begin(), successes.begin() + static_cast<long>(kept),
                      successes.end(), [this](std::uint64_t a, std::uint64_t b) {
                          const double scoreA = *score(a);
                          const double scoreB = *score(b);
                          return scoreA != scoreB ? scoreA < scoreB : a < b;
                      });
    successes.resize(kept);
    return successes;
}

} // namespace tb
