#pragma once

#include <string>
#include <vector>

namespace tb {

struct Parameter;

// One point of the search space: a value per parameter, in the spec's parameter order.
struct Configuration
{
    std::vector<double> values;

    bool operator==(const Configuration &) const = default;

    // Canonical text "BM=64,BN=32": the identity of a configuration in the store and in exports.
    std::string key(const std::vector<Parameter> &parameters) const;
};

} // namespace tb
