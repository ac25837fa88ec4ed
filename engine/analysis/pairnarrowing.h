#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <vector>

namespace tb {

// One configuration at one problem size: a pair to measure.
struct ConfigAtSize
{
    Configuration config;
    std::size_t sizeIndex = 0;
};

// The spec narrowed to `pairs`: its document (Spec::document) with one more constraint that
// admits at each problem size only the configurations paired with it, plus the verification
// reference at every size (outputs are still checked against it, so it must stay valid), and
// strategy brute_force without budgets. A run of it measures exactly those pairs through the
// normal pipeline (rounds and output verification included); a pair the spec's own constraints
// reject stays rejected and gets no result. InvalidArgument when `pairs` is empty or names a
// size the spec lacks; InvalidSpec when the narrowed document does not load.
Expected<Spec> narrowSpecToPairs(const Spec &spec, const std::vector<ConfigAtSize> &pairs);

} // namespace tb
