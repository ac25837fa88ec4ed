#include "neighbourhood.h"

#include <algorithm>
#include <cassert>

namespace tb {

Neighbourhood::Neighbourhood(const SearchSpace &space) : m_space(space)
{
    for (const auto &parameter : space.parameters())
        m_valueCounts.push_back(parameter.values.size());
}

Neighbourhood::Coordinates Neighbourhood::coordinatesOf(std::uint64_t index) const
{
    const Configuration config = m_space.at(index);
    const auto &parameters = m_space.parameters();
    Coordinates coordinates(parameters.size());
    for (std::size_t k = 0; k < parameters.size(); ++k) {
        const auto &values = parameters[k].values;
        auto it = std::find(values.begin(), values.end(), config.values[k]);
        assert(it != values.end());
        coordinates[k] = static_cast<std::size_t>(it - values.begin());
    }
    return coordinates;
}

std::optional<std::uint64_t> Neighbourhood::indexAt(const Coordinates &coordinates) const
{
    const auto &parameters = m_space.parameters();
    Configuration config;
    config.values.reserve(parameters.size());
    for (std::size_t k = 0; k < parameters.size(); ++k)
        config.values.push_back(parameters[k].values[coordinates[k]]);
    return m_space.indexOf(config);
}

std::vector<double> Neighbourhood::unitCoordinates(std::uint64_t index) const
{
    const Coordinates coordinates = coordinatesOf(index);
    std::vector<double> unit(coordinates.size(), 0.0);
    for (std::size_t k = 0; k < coordinates.size(); ++k) {
        if (m_valueCounts[k] > 1)
            unit[k] =
                static_cast<double>(coordinates[k]) / static_cast<double>(m_valueCounts[k] - 1);
    }
    return unit;
}

std::vector<std::uint64_t> Neighbourhood::hamming(std::uint64_t index) const
{
    Coordinates point = coordinatesOf(index);
    std::vector<std::uint64_t> neighbours;
    for (std::size_t k = 0; k < point.size(); ++k) {
        const std::size_t own = point[k];
        for (std::size_t value = 0; value < m_valueCounts[k]; ++value) {
            if (value == own)
                continue;
            point[k] = value;
            if (auto neighbour = indexAt(point))
                neighbours.push_back(*neighbour);
        }
        point[k] = own;
    }
    return neighbours;
}

std::vector<std::uint64_t> Neighbourhood::adjacent(std::uint64_t index, std::size_t radius) const
{
    Coordinates point = coordinatesOf(index);
    std::vector<std::uint64_t> neighbours;
    if (radius == 0)
        return neighbours;
    for (std::size_t k = 0; k < point.size(); ++k) {
        const std::size_t own = point[k];
        if (own + radius < m_valueCounts[k]) {
            point[k] = own + radius;
            if (auto neighbour = indexAt(point))
                neighbours.push_back(*neighbour);
        }
        if (own >= radius) {
            point[k] = own - radius;
            if (auto neighbour = indexAt(point))
                neighbours.push_back(*neighbour);
        }
        point[k] = own;
    }
    return neighbours;
}

std::optional<std::uint64_t>
Neighbourhood::nearest(const Coordinates &coordinates, std::size_t maxDistance,
                       const std::function<bool(std::uint64_t)> &accept) const
{
    Coordinates point = coordinates;
    for (std::size_t distance = 0; distance <= maxDistance; ++distance) {
        if (auto found = searchShell(point, 0, distance, accept))
            return found;
    }
    return std::nullopt;
}

// Visits every point whose value indices differ from `point`'s in total by exactly `remaining`
// over the parameters from `parameter` on: the shell at that distance, without listing it.
std::optional<std::uint64_t>
Neighbourhood::searchShell(Coordinates &point, std::size_t parameter, std::size_t remaining,
                           const std::function<bool(std::uint64_t)> &accept) const
{
    if (parameter == point.size()) {
        if (remaining != 0)
            return std::nullopt;
        auto index = indexAt(point);
        return index && accept(*index) ? index : std::nullopt;
    }
    const std::size_t own = point[parameter];
    for (std::size_t step = 0; step <= remaining; ++step) {
        for (int sign : {+1, -1}) {
            if (step == 0 && sign < 0)
                continue;
            if (sign > 0 ? own + step >= m_valueCounts[parameter] : own < step)
                continue;
            point[parameter] = sign > 0 ? own + step : own - step;
            auto found = searchShell(point, parameter + 1, remaining - step, accept);
            point[parameter] = own;
            if (found)
                return found;
        }
    }
    return std::nullopt;
}

} // namespace tb
