#pragma once

#include "model/parameter.h"
#include "model/spec.h"
#include "search/searchstrategy.h"
#include "search/seededrandom.h"
#include "space/searchspace.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

// Spaces, objectives and a driver that plays a run (several workers, reports in any order)
// against a strategy, for the tests of engine/search.
namespace tbtest {

inline tb::Spec gridSpec(std::vector<tb::Parameter> parameters,
                         std::vector<std::string> constraints = {})
{
    tb::Spec spec;
    spec.parameters = std::move(parameters);
    spec.constraints = std::move(constraints);
    spec.sizes = {{"N"}, {{64}}};
    return spec;
}

// 5 x 4 x 3 = 60 points, 39 of them valid.
inline tb::Spec smallSpec()
{
    return gridSpec({{"A", {1, 2, 3, 4, 5}}, {"B", {1, 2, 3, 4}}, {"C", {0, 1, 2}}},
                    {"(A + B) % 3 != 0"});
}

// 6 x 6 x 6 x 3 = 648 points; a product limit as thread-block sizes have, and a scattered
// rejection, leave 462 valid.
inline tb::Spec mediumSpec()
{
    return gridSpec({{"BX", {1, 2, 4, 8, 16, 32}},
                     {"BY", {1, 2, 4, 8, 16, 32}},
                     {"U", {0, 1, 2, 3, 4, 5}},
                     {"V", {1, 2, 3}}},
                    {"BX * BY <= 256", "(U + V) % 4 != 0"});
}

// Five parameters, 7 x 7 x 6 x 6 x 6 = 10,584 points, of which the constraints keep 4,950.
inline tb::Spec benchmarkSpec()
{
    return gridSpec({{"BX", {1, 2, 4, 8, 16, 32, 64}},
                     {"BY", {1, 2, 4, 8, 16, 32, 64}},
                     {"TILE", {1, 2, 3, 4, 5, 6}},
                     {"UNROLL", {0, 1, 2, 4, 8, 16}},
                     {"VEC", {1, 2, 3, 4, 6, 8}}},
                    {"BX * BY <= 256", "BX * BY >= 8", "TILE * VEC <= 16"});
}

// The benchmark space's optimum: BX=16, BY=4, TILE=3, UNROLL=4, VEC=2 (valid), in unit
// coordinates.
inline std::vector<double> benchmarkCentre()
{
    return {4.0 / 6, 2.0 / 6, 2.0 / 5, 3.0 / 5, 1.0 / 5};
}

inline std::vector<std::size_t> valueIndices(const tb::SearchSpace &space,
                                             const tb::Configuration &config)
{
    std::vector<std::size_t> indices;
    for (std::size_t k = 0; k < config.values.size(); ++k) {
        const auto &values = space.parameters()[k].values;
        indices.push_back(static_cast<std::size_t>(
            std::find(values.begin(), values.end(), config.values[k]) - values.begin()));
    }
    return indices;
}

using ObjectiveFunction = std::function<std::optional<double>(const tb::Configuration &)>;

// A bowl over the value indices, scaled to [0, 1], with its minimum at `centre` (unit
// coordinates): ripples that vanish at the centre make local minima elsewhere, and a coupling of
// the first two parameters makes it non-separable (as a block's width and height are). Positive
// everywhere, like a run time; the optimum is unique when `centre` is a valid grid point.
inline ObjectiveFunction rippledBowl(const tb::SearchSpace &space, std::vector<double> centre,
                                     double ripple = 0.15)
{
    return [&space, centre, ripple](const tb::Configuration &config) -> std::optional<double> {
        const auto indices = valueIndices(space, config);
        std::vector<double> offsets;
        double value = 1.0;
        for (std::size_t k = 0; k < indices.size(); ++k) {
            const double count = static_cast<double>(space.parameters()[k].values.size());
            const double unit = count > 1 ? static_cast<double>(indices[k]) / (count - 1) : 0;
            const double offset = unit - centre[k];
            const double weight = 1.0 + 0.5 * static_cast<double>(k);
            const double wave = std::sin(3.0 * 3.14159265358979 * offset);
            value += weight * offset * offset + ripple * wave * wave;
            offsets.push_back(offset);
        }
        if (offsets.size() >= 2)
            value += 2.0 * (offsets[0] + offsets[1]) * (offsets[0] + offsets[1]);
        return value;
    };
}

// What a driven run saw.
struct DriveResult
{
    std::vector<tb::Configuration> proposals;
    std::vector<double> bestAfter; // best objective after each report; +inf while none
    std::string violation;         // empty while the strategy kept its contract
    std::size_t waits = 0;         // times next() was empty while not done
};

struct DriveSettings
{
    std::size_t workers = 1;          // proposals out at once, at most
    std::uint64_t reportSeed = 12345; // which outstanding proposal reports next
    std::size_t limit = SIZE_MAX;     // proposals, at most
};

// Plays a run: keeps up to `workers` proposals out, reports a random one of them, and checks
// on every step that proposals are valid and new, and that next() is empty while !done() only
// with something outstanding (else the run would stall).
inline DriveResult drive(tb::SearchStrategy &strategy, const tb::SearchSpace &space,
                         const ObjectiveFunction &objective, DriveSettings settings = {})
{
    DriveResult result;
    tb::SeededRandom order(settings.reportSeed);
    std::set<std::vector<double>> seen;
    std::vector<tb::Configuration> outstanding;
    double best = std::numeric_limits<double>::infinity();
    for (;;) {
        while (outstanding.size() < settings.workers && result.proposals.size() < settings.limit) {
            auto config = strategy.next();
            if (!config) {
                if (!strategy.done()) {
                    ++result.waits;
                    if (outstanding.empty())
                        result.violation = "empty next() with nothing outstanding, not done";
                }
                break;
            }
            if (!space.contains(*config))
                result.violation = "proposed an invalid configuration";
            if (!seen.insert(config->values).second)
                result.violation = "proposed a configuration twice";
            if (!result.violation.empty())
                return result;
            result.proposals.push_back(*config);
            outstanding.push_back(*config);
        }
        if (!result.violation.empty() || outstanding.empty())
            return result;
        const std::size_t pick = order.below(outstanding.size());
        const tb::Configuration config = outstanding[pick];
        outstanding.erase(outstanding.begin() + static_cast<long>(pick));
        const auto value = objective(config);
        if (value)
            best = std::min(best, *value);
        strategy.report(config, value);
        result.bestAfter.push_back(best);
    }
}

// The strategy `name` with `options` (the rest at their defaults); nullptr where makeStrategy()
// refuses.
inline std::unique_ptr<tb::SearchStrategy> make(const std::string &name,
                                                const tb::SearchSpace &space,
                                                std::uint64_t seed = 1,
                                                const tb::StrategyOptions &options = {})
{
    auto strategy = tb::makeStrategy(name, space, seed, options);
    return strategy.hasValue() ? std::move(strategy.value()) : nullptr;
}

// The strategies that learn from reports (all but brute_force and random).
// The names makeStrategy() makes: every name but "auto", which is resolved to one of them
// first (search/strategychoice.h).
inline std::vector<std::string> madeStrategyNames()
{
    std::vector<std::string> names;
    for (const auto &name : tb::strategyNames()) {
        if (name != "auto")
            names.push_back(name);
    }
    return names;
}

inline std::vector<std::string> guidedStrategyNames()
{
    std::vector<std::string> names;
    for (const auto &name : madeStrategyNames()) {
        if (name != "brute_force" && name != "random")
            names.push_back(name);
    }
    return names;
}

} // namespace tbtest
