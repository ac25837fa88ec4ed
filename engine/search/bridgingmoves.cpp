#include "bridgingmoves.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace tb {

namespace {

// Spaces up to this many valid configurations have their coordinates tabulated for repairs.
constexpr std::uint64_t kMaxTabulated = 200000;
// Without the table, how far (value steps in all) a repair may go.
constexpr std::size_t kUntabulatedRepairDistance = 3;

} // namespace

BridgingMoves::BridgingMoves(const Neighbourhood &neighbourhood, std::uint64_t validCount)
    : m_neighbourhood(neighbourhood), m_validCount(validCount)
{}

std::vector<std::uint64_t> BridgingMoves::from(std::uint64_t centre)
{
    auto point = m_neighbourhood.coordinatesOf(centre);
    std::vector<std::uint64_t> moves;
    for (std::size_t k = 0; k < point.size(); ++k) {
        const std::size_t own = point[k];
        for (std::size_t value = 0; value < m_neighbourhood.valueCount(k); ++value) {
            if (value == own)
                continue;
            point[k] = value;
            const bool valid = m_neighbourhood.indexAt(point).has_value();
            point[k] = own;
            if (valid)
                continue; // a Hamming neighbour
            const auto move = repair(point, k, value);
            if (move && *move != centre &&
                std::find(moves.begin(), moves.end(), *move) == moves.end())
                moves.push_back(*move);
        }
    }
    return moves;
}

std::optional<std::uint64_t> BridgingMoves::repair(const Neighbourhood::Coordinates &point,
                                                   std::size_t parameter, std::size_t value)
{
    if (!m_tabulated)
        tabulate();
    if (m_buckets.empty()) {
        auto target = point;
        target[parameter] = value;
        return m_neighbourhood.nearest(
            target, kUntabulatedRepairDistance, [&](std::uint64_t index) {
                return m_neighbourhood.coordinatesOf(index)[parameter] == value;
            });
    }
    const std::size_t dimensions = point.size();
    std::optional<std::uint64_t> best;
    std::pair<std::size_t, std::size_t> bestKey{std::numeric_limits<std::size_t>::max(), 0};
    for (const std::uint64_t index : m_buckets[m_bucketStart[parameter] + value]) {
        const std::uint32_t *row = &m_coordinates[static_cast<std::size_t>(index) * dimensions];
        std::size_t changed = 0;
        std::size_t steps = 0;
        for (std::size_t k = 0; k < dimensions; ++k) {
            if (k == parameter || row[k] == point[k])
                continue;
            ++changed;
            steps += row[k] > point[k] ? row[k] - point[k] : point[k] - row[k];
        }
        const std::pair<std::size_t, std::size_t> key{changed, steps};
        if (key < bestKey) {
            bestKey = key;
            best = index;
        }
    }
    return best;
}

void BridgingMoves::tabulate()
{
    m_tabulated = true;
    if (m_validCount > kMaxTabulated)
        return;
    const std::size_t dimensions = m_neighbourhood.dimensions();
    m_bucketStart.assign(dimensions + 1, 0);
    for (std::size_t k = 0; k < dimensions; ++k)
        m_bucketStart[k + 1] = m_bucketStart[k] + m_neighbourhood.valueCount(k);
    m_buckets.assign(m_bucketStart[dimensions], {});
    m_coordinates.resize(static_cast<std::size_t>(m_validCount) * dimensions);
    for (std::uint64_t index = 0; index < m_validCount; ++index) {
        const auto coordinates = m_neighbourhood.coordinatesOf(index);
        for (std::size_t k = 0; k < dimensions; ++k) {
            m_coordinates[static_cast<std::size_t>(index) * dimensions + k] =
                static_cast<std::uint32_t>(coordinates[k]);
            m_buckets[m_bucketStart[k] + coordinates[k]].push_back(index);
        }
    }
}

} // namespace tb
