#pragma once

#include "search/bridgingmoves.h"
#include "search/elitistevolutionstrategy.h"
#include "search/hillclimber.h"
#include "search/strategyoptions.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace tb {

struct NichingEvolutionOptions : ElitistEvolutionOptions
{
    // Climbs from the best after one generation without a better one: with the rare values'
    // climbs settled early, the budget goes to finishing the region the population found.
    NichingEvolutionOptions() { climbAfter = 1; }

    double rareShare = 0.25; // a value is rare below this share of its parameter's fair share
    int bridges = 1;         // whether climbs stuck on one-parameter steps try bridging moves

    static std::vector<OptionField<NichingEvolutionOptions>> fields();
};

// elitist_evolution that gives the rare values of the space a climb of their own. A parameter
// value is rare when the constraints leave it in fewer than rareShare / (its parameter's value
// count) of the valid configurations: block_size_x = 32 where block_size_x * block_size_y <=
// 1024 allows it only with the smallest block_size_y. After the founders, each rare value in
// turn (rarest first) gets a first-improvement hill climb that keeps it: from the best reported
// configuration with that value, else a random one, over the Hamming neighbours that keep it.
// What the climb ends on joins the population like any other report.
//
// Why: random founders rarely draw a rare value (one configuration in a hundred), crossover of
// parents without it never makes it, and one with it drawn at random is usually poor (its other
// parameters are random), so the population drops it. Yet a rare value can hold the optimum:
// dedispersion_milo_W6600's is the only block of 32 x 32, and its Hamming neighbours are worse
// than the local optima the population settles on. The climb within the value finds the best
// of its niche in a few dozen evaluations; the genetic algorithm judges it against the rest.
//
// Bridging moves (BridgingMoves): a climb, the population's or a niche's, whose Hamming
// neighbours are all reported without an improvement also tries the steps the constraints allow
// only with other parameters changed too. Inside W6600's niche (tile_size_y = 1 is invalid with
// tile_stride_y = 1) a one-parameter climb can stop one such step short of the optimum.
//
// On the recorded spaces (bench/strategies, 50 seeds, mean mode) this finds W6600's optimum for
// every seed by 200 evaluations, where elitist_evolution never does (0.977 of it at 400); on
// spaces without rare values it is elitist_evolution with climb_after 1 and the bridging layer.
// With rare_share 0 and bridges 0 it is elitist_evolution, proposal for proposal.
class NichingEvolutionStrategy : public ElitistEvolutionStrategy
{
public:
    NichingEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                             NichingEvolutionOptions options = {});

    std::string name() const override { return "niching_evolution"; }

private:
    using Niche = std::pair<std::size_t, std::size_t>; // (parameter, value index)

    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override;
    void learn(std::uint64_t index) override;

    void findNiches();
    std::optional<std::uint64_t> nicheStart(const Niche &niche);
    std::vector<std::uint64_t> climbLayer(std::uint64_t centre, std::size_t layer) override;
    std::vector<std::uint64_t> nicheNeighbours(std::uint64_t centre, std::size_t layer);
    std::vector<std::uint64_t> bridgesFrom(std::uint64_t centre);

    NichingEvolutionOptions m_options;
    BridgingMoves m_bridges;
    HillClimber m_nicheClimber;
    bool m_nichesFound = false;
    std::vector<Niche> m_niches; // rare values still to climb in, rarest last
    Niche m_niche{0, 0};         // the value the current niche climb keeps
};

} // namespace tb
