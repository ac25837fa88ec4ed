#include "coordinatedescentstrategy.h"

namespace tb {

std::vector<OptionField<CoordinateDescentOptions>> CoordinateDescentOptions::fields()
{
    return {optionField(
        "max_radius",
        "widest step, in places along a parameter's values, tried before a local optimum", 1, 64,
        &CoordinateDescentOptions::maxRadius)};
}

CoordinateDescentStrategy::CoordinateDescentStrategy(const SearchSpace &space, std::uint64_t seed,
                                                     CoordinateDescentOptions options)
    : GuidedStrategy(space, seed), m_climber(
                                       ledger(),
                                       [this](std::uint64_t centre, std::size_t layer) {
                                           return neighbourhood().adjacent(centre, layer + 1);
                                       },
                                       static_cast<std::size_t>(options.maxRadius), true)
{}

std::optional<std::uint64_t> CoordinateDescentStrategy::choose()
{
    if (auto proposal = m_climber.proposal())
        return proposal;
    if (!m_climber.finished())
        return std::nullopt; // waiting for this neighbourhood's reports
    // A local optimum (or no climb yet): start again somewhere new.
    auto start = randomUnvisited();
    if (!start)
        return std::nullopt;
    m_climber.startAt(*start);
    return m_climber.proposal();
}

void CoordinateDescentStrategy::learn(std::uint64_t)
{
    m_climber.update();
}

} // namespace tb
