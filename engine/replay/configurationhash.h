#pragma once

#include "model/configuration.h"

#include <bit>
#include <cstddef>
#include <cstdint>

namespace tb {

// Hashes a configuration by its values, so that a recording can be looked up in O(1).
// Configurations that compare equal hash equal: -0.0 is folded into 0.0 first.
struct ConfigurationHash
{
    std::size_t operator()(const Configuration &config) const noexcept
    {
        std::uint64_t hash = config.values.size();
        for (const double value : config.values) {
            hash ^= std::bit_cast<std::uint64_t>(value + 0.0);
            hash *= 0xff51afd7ed558ccdULL; // an odd multiplier carries low bits upwards
            hash ^= hash >> 32;            // and this folds the high bits back down
        }
        return static_cast<std::size_t>(hash);
    }
};

} // namespace tb
