#include "searchspace.h"

#include "space/spaceenumerator.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <string>

namespace tb {

static_assert(SearchSpace::kMaxRawCount <= std::numeric_limits<std::uint32_t>::max(),
              "valid points are stored as 32-bit grid indices");

std::uint64_t SearchSpace::rawCount(const std::vector<Parameter> &parameters)
{
    std::uint64_t count = 1;
    for (const auto &parameter : parameters) {
        const std::uint64_t n = parameter.values.size();
        if (n == 0)
            return 0;
        if (count > std::numeric_limits<std::uint64_t>::max() / n)
            count = std::numeric_limits<std::uint64_t>::max(); // keep scanning: a 0 wins
        else
            count *= n;
    }
    return count;
}

Expected<SearchSpace> SearchSpace::build(const Spec &spec, std::size_t sizeIndex,
                                         const std::function<void(double)> &progress)
{
    auto enumerator = SpaceEnumerator::create(spec, sizeIndex);
    if (!enumerator)
        return enumerator.error();

    SearchSpace space;
    space.setGrid(spec.parameters, enumerator->totalCount());
    space.m_sizeIndex = sizeIndex;

    if (!enumerator->hasParameterConstraints() && enumerator->sizeConstraintsHold()) {
        space.m_dense = true; // nothing can reject a point: no need to list them
        return space;
    }
    enumerator->run(
        [&space](std::uint64_t gridIndex) {
            space.m_valid.push_back(static_cast<std::uint32_t>(gridIndex));
            return true;
        },
        progress);
    space.m_valid.shrink_to_fit();
    return space;
}

Expected<std::optional<Configuration>> SearchSpace::findFirst(const Spec &spec,
                                                              std::size_t sizeIndex)
{
    auto enumerator = SpaceEnumerator::create(spec, sizeIndex);
    if (!enumerator)
        return enumerator.error();
    std::optional<std::uint64_t> first;
    enumerator->run([&first](std::uint64_t gridIndex) {
        first = gridIndex;
        return false;
    });
    if (!first)
        return std::optional<Configuration>();
    // Decode through a dense space over the same grid.
    SearchSpace grid;
    grid.setGrid(spec.parameters, enumerator->totalCount());
    grid.m_dense = true;
    return std::optional<Configuration>(grid.at(*first));
}

Expected<SearchSpace> SearchSpace::fromPoints(std::vector<Parameter> parameters,
                                              const std::vector<Configuration> &points)
{
    const auto refuse = [](std::string message) {
        return makeError(EngineError::Code::InvalidArgument, std::move(message));
    };
    for (const auto &parameter : parameters) {
        auto values = parameter.values;
        std::sort(values.begin(), values.end());
        auto twice = std::adjacent_find(values.begin(), values.end());
        if (twice != values.end())
            return refuse("parameter '" + parameter.name + "' lists the value " +
                          formatValue(*twice) + " twice");
    }
    const std::uint64_t total = rawCount(parameters);
    if (total > kMaxRawCount)
        return refuse("the grid of the recorded parameters has more than " +
                      std::to_string(kMaxRawCount) + " points");

    SearchSpace space;
    space.setGrid(parameters, total);
    space.m_valid.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        const Configuration &point = points[i];
        if (point.values.size() != parameters.size())
            return refuse("point " + std::to_string(i) + " has " +
                          std::to_string(point.values.size()) + " values for " +
                          std::to_string(parameters.size()) + " parameters");
        auto gridIndex = space.gridIndexOf(point);
        if (!gridIndex) {
            // Name the first value that is not listed: that is what the caller has to fix.
            for (std::size_t k = 0; k < parameters.size(); ++k) {
                const auto &values = parameters[k].values;
                if (std::find(values.begin(), values.end(), point.values[k]) == values.end())
                    return refuse("point " + std::to_string(i) + " (" + point.key(parameters) +
                                  "): " + formatValue(point.values[k]) +
                                  " is not one of the values of parameter '" + parameters[k].name +
                                  "'");
            }
            return refuse("point " + std::to_string(i) + " is not on the grid");
        }
        space.m_valid.push_back(static_cast<std::uint32_t>(*gridIndex));
    }
    // Stored ascending, as build() stores them, so that at() walks the grid's order.
    std::sort(space.m_valid.begin(), space.m_valid.end());
    auto twice = std::adjacent_find(space.m_valid.begin(), space.m_valid.end());
    if (twice != space.m_valid.end()) {
        SearchSpace grid;
        grid.setGrid(parameters, total);
        grid.m_dense = true;
        return refuse("point " + grid.at(*twice).key(parameters) + " is given twice");
    }
    return space;
}

void SearchSpace::setGrid(const std::vector<Parameter> &parameters, std::uint64_t total)
{
    m_parameters = parameters;
    m_total = total;
    m_strides.assign(parameters.size(), 1);
    for (std::size_t k = parameters.size(); k-- > 1;)
        m_strides[k - 1] = m_strides[k] * parameters[k].values.size();
}

std::uint64_t SearchSpace::validCount() const
{
    return m_dense ? m_total : m_valid.size();
}

Configuration SearchSpace::at(std::uint64_t index) const
{
    assert(index < validCount());
    const std::uint64_t gridIndex = m_dense ? index : m_valid[index];
    Configuration config;
    config.values.reserve(m_parameters.size());
    for (std::size_t k = 0; k < m_parameters.size(); ++k) {
        const auto &values = m_parameters[k].values;
        config.values.push_back(values[(gridIndex / m_strides[k]) % values.size()]);
    }
    return config;
}

std::optional<std::uint64_t> SearchSpace::gridIndexOf(const Configuration &config) const
{
    if (config.values.size() != m_parameters.size() || m_total == 0)
        return std::nullopt;
    std::uint64_t gridIndex = 0;
    for (std::size_t k = 0; k < m_parameters.size(); ++k) {
        const auto &values = m_parameters[k].values;
        auto it = std::find(values.begin(), values.end(), config.values[k]);
        if (it == values.end())
            return std::nullopt;
        gridIndex += static_cast<std::uint64_t>(it - values.begin()) * m_strides[k];
    }
    return gridIndex;
}

std::optional<std::uint64_t> SearchSpace::indexOf(const Configuration &config) const
{
    auto gridIndex = gridIndexOf(config);
    if (!gridIndex)
        return std::nullopt;
    if (m_dense)
        return gridIndex;
    auto it = std::lower_bound(m_valid.begin(), m_valid.end(), *gridIndex);
    if (it == m_valid.end() || *it != *gridIndex)
        return std::nullopt;
    return static_cast<std::uint64_t>(it - m_valid.begin());
}

} // namespace tb
