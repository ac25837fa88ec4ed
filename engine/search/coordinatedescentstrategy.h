#pragma once

#include "search/guidedstrategy.h"
#include "search/hillclimber.h"
#include "search/strategyoptions.h"

namespace tb {

struct CoordinateDescentOptions
{
    int maxRadius = 2;

    static std::vector<OptionField<CoordinateDescentOptions>> fields();
};

// Coordinate descent as PyTorch Inductor's tuner does it: from a configuration, step each
// parameter to its neighbouring values (one place up or down its list of values, the others
// unchanged) and move to any improvement; when no neighbour at that radius improves, widen it
// (two places, ... up to maxRadius) before calling the configuration a local optimum; then start
// again from a random unvisited configuration.
class CoordinateDescentStrategy : public GuidedStrategy
{
public:
    CoordinateDescentStrategy(const SearchSpace &space, std::uint64_t seed,
                              CoordinateDescentOptions options = {});

    std::string name() const override { return "coordinate_descent"; }

private:
    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override { return !m_climber.finished(); }
    void learn(std::uint64_t index) override;

    HillClimber m_climber;
};

} // namespace tb
