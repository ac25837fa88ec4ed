#pragma once

#include "search/neighbourhood.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tb {

// Steps across the constraints: for one parameter set to another value where that alone gives
// no valid configuration, the valid configuration with that value that changes the other
// parameters least (fewest parameters changed, then fewest value steps; the lowest index of
// equals). block_size_x = 32 under block_size_x * block_size_y <= 1024 exists only with the
// smallest block_size_y, so from (16, 64) no one-parameter step reaches (32, 32); its bridging
// move does. A climb that has tried every Hamming neighbour tries these next.
//
// The valid configurations' coordinates are tabulated on first use, for spaces of at most
// kMaxTabulated configurations; bigger spaces repair within a few value steps only.
class BridgingMoves
{
public:
    BridgingMoves(const Neighbourhood &neighbourhood, std::uint64_t validCount);

    // The bridging moves from `centre`, each once, in parameter then value order.
    std::vector<std::uint64_t> from(std::uint64_t centre);

private:
    std::optional<std::uint64_t> repair(const Neighbourhood::Coordinates &point,
                                        std::size_t parameter, std::size_t value);
    void tabulate();

    const Neighbourhood &m_neighbourhood;
    std::uint64_t m_validCount;
    bool m_tabulated = false;
    std::vector<std::uint32_t> m_coordinates; // validCount x dimensions, row by row
    // m_buckets[m_bucketStart[k] + v]: the indices whose parameter k has value index v.
    std::vector<std::size_t> m_bucketStart;
    std::vector<std::vector<std::uint64_t>> m_buckets;
};

} // namespace tb
