#pragma once

#include "storage/storerecords.h"

#include <string>
#include <vector>

namespace tb {

// Lines under a size's table for the results shown that were measured in more than one round
// (measurement.process_rounds): each round's median in order, the combined median and the
// spread between the rounds, so a configuration whose time moved between processes shows it.
//   "  rounds of BM=64,BN=64: 179.7 us | 189.3 us | 179.3 us -> 179.7 us (spread 5.6%)"
// Rounds timed at different SM clock steps name each round's clock:
//   "  rounds of BM=64: 130.8 us @1980 MHz | 127.9 us @1995 MHz | ... -> ..."
// Rounds that disagree beyond `agreeWithin` (roundsDisagree) say so after their spread:
//   "(spread 5.6%, beyond the 1% target)".
std::string roundsNote(const std::vector<const StoredResult *> &shown, std::size_t count,
                       const std::vector<StoredRound> &rounds, double agreeWithin);

} // namespace tb
