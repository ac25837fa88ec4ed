#pragma once

#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// Lines under a size's table for the results shown that were measured in more than one round
// (measurement.process_rounds): each round's median in order, the combined median and the
// spread between the rounds, so a configuration whose time moved between processes shows it.
//   "  rounds of BM=64,BN=64: 179.7 us | 189.3 us | 179.3 us -> 179.7 us (spread 5.6%)"
std::string roundsNote(const std::vector<const StoredResult *> &shown, std::size_t count,
                       const std::vector<StoredRound> &rounds);

} // namespace tb
