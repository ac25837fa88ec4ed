#pragma once

#include "storage/storerecords.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// How a run's search came to a problem size's best: its results in the order they were stored
// (the order they were measured; those a resumed run reused first), and where the best is
// among them. Counted both ways (bench/strategies): every evaluation, failures included, as
// Kernel Tuner counts, and ok results only.
struct SearchTrail
{
    std::size_t evaluations = 0;   // results of the size
    std::size_t okEvaluations = 0; // of them ok
    std::size_t toBest = 0;        // 1-based position of the best among evaluations; 0: none
    std::size_t okToBest = 0;      // ... among the ok ones
};

SearchTrail searchTrail(const std::vector<StoredResult> &results, std::size_t sizeIndex,
                        std::int64_t bestResultId);

// "found by random after 37 of 200 evaluations (35 of 190 ok)"; "" without a best.
std::string describeSearchTrail(const std::string &strategy, const SearchTrail &trail);

} // namespace tb
