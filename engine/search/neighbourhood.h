#pragma once

#include "space/searchspace.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace tb {

// Where a strategy may step from a configuration. Works in coordinates: one value index per
// parameter (its position in the parameter's list of values), which is what "neighbouring value"
// means whatever the values are. Every configuration it returns is valid (in the space);
// configurations are named by their index in the space.
class Neighbourhood
{
public:
    using Coordinates = std::vector<std::size_t>;

    explicit Neighbourhood(const SearchSpace &space);

    std::size_t dimensions() const { return m_valueCounts.size(); }
    std::size_t valueCount(std::size_t parameter) const { return m_valueCounts[parameter]; }

    Coordinates coordinatesOf(std::uint64_t index) const;
    // The index of the configuration at `coordinates`, or nullopt when the constraints reject it.
    std::optional<std::uint64_t> indexAt(const Coordinates &coordinates) const;
    // Each value index scaled to [0, 1] (0 for a parameter with one value): a model's input.
    std::vector<double> unitCoordinates(std::uint64_t index) const;

    // Valid configurations that differ from `index` in exactly one parameter, taking any other
    // of its values; parameter by parameter, values in listed order.
    std::vector<std::uint64_t> hamming(std::uint64_t index) const;
    // Valid configurations that move one parameter exactly `radius` places along its list of
    // values, the others unchanged; parameter by parameter, up before down.
    std::vector<std::uint64_t> adjacent(std::uint64_t index, std::size_t radius) const;
    // The valid configuration nearest to `coordinates` (fewest value-index steps in all, at most
    // `maxDistance`) that `accept`s; between equally near ones the first in a fixed order.
    std::optional<std::uint64_t> nearest(const Coordinates &coordinates, std::size_t maxDistance,
                                         const std::function<bool(std::uint64_t)> &accept) const;

private:
    std::optional<std::uint64_t>
    searchShell(Coordinates &point, std::size_t parameter, std::size_t remaining,
                const std::function<bool(std::uint64_t)> &accept) const;

    const SearchSpace &m_space;
    std::vector<std::size_t> m_valueCounts;
};

} // namespace tb
