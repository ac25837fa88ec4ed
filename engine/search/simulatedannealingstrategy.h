#pragma once

#include "search/guidedstrategy.h"
#include "search/strategyoptions.h"

#include <deque>
#include <unordered_set>

namespace tb {

struct SimulatedAnnealingOptions
{
    double initialTemperature = 0.2; // relative worsening accepted with probability 1/e at start
    double cooling = 0.98;           // temperature factor per judged move
    double minTemperature = 0.002;   // reheat (and go back to the best) below this

    static std::vector<OptionField<SimulatedAnnealingOptions>> fields();
};

// Simulated annealing over the Hamming neighbourhood: propose a random unvisited neighbour of
// the current configuration; move to it when it is better, or with probability
// exp(-(f_new - f_old) / (T * f_old)) when it is worse (a relative worsening, so the temperature
// means the same whatever the objective's unit). T cools geometrically with every judged move;
// below minTemperature it is reheated and the walk goes back to the best configuration so far.
// A current configuration with no unvisited neighbour left restarts the walk at a random one.
//
// With several proposals out, each report is judged against the configuration current when
// it arrives; the neighbours of a start are proposed before the start is reported, and judged
// once it is.
class SimulatedAnnealingStrategy : public GuidedStrategy
{
public:
    SimulatedAnnealingStrategy(const SearchSpace &space, std::uint64_t seed,
                               SimulatedAnnealingOptions options = {});

    std::string name() const override { return "simulated_annealing"; }

private:
    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override;
    void learn(std::uint64_t index) override;

    std::optional<std::uint64_t> randomNeighbour();
    void judge(std::uint64_t candidate);
    bool accepts(double currentScore, double candidateScore);
    void cool();

    SimulatedAnnealingOptions m_options;
    double m_temperature;
    std::optional<std::uint64_t> m_current;
    std::unordered_set<std::uint64_t> m_outstandingMoves; // proposed moves not yet reported
    std::deque<std::uint64_t> m_unjudged; // reported while the current one was not yet
};

} // namespace tb
