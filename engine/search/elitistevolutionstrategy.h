#pragma once

#include "search/guidedstrategy.h"
#include "search/hillclimber.h"
#include "search/strategyoptions.h"

#include <utility>
#include <vector>

namespace tb {

struct ElitistEvolutionOptions
{
    int populationSize = 20;     // survivors kept, and children bred per generation
    double mutationChance = 0.1; // chance that a child steps to a random Hamming neighbour
    int tournamentSize = 2;
    int climbAfter = 2; // generations without a better best before a climb; 0: never

    static std::vector<OptionField<ElitistEvolutionOptions>> fields();
};

// A generational, elitist genetic algorithm in the manner of NSGA-II with one objective (Deb et
// al. 2002; Kernel Tuner's nsga2 strategy): every generation breeds populationSize children
// (parents by tournament, uniform crossover, and with mutationChance one step to a random
// Hamming neighbour), and the next population is the populationSize best of parents and
// children together. The first population is populationSize random configurations; results fed
// back before the first proposal (a resumed run) join it.
//
// Unlike the steady-state genetic_algorithm, a child that is already known costs nothing: it
// takes part in the selection with its known score, as a cache hit does in Kernel Tuner, instead
// of being pushed to some unvisited configuration nearby. So evaluations go where crossover
// leads, and blocks of good values (a thread block's width with its height) survive together
// until a generation finds something better. Duplicates of a parent or a sibling are bred again.
//
// A memetic step: once climbAfter generations in a row found nothing better than the best, a
// first-improvement hill climb over the Hamming neighbourhood starts from the best member not yet
// climbed from (the best itself first, then the runners-up while the search stays stuck), and
// what the climb finds joins the population. Crossover finds the region; the climbs settle the
// last parameter or two, which blind breeding hits only by luck, and try the elite's other
// neighbourhoods before the population gives up on them.
//
// When dozens of children in a row are all known (the population converged), one is moved to its
// nearest unvisited configuration instead: the search goes on around the population.
//
// Evaluation is asynchronous: a generation's unknown children are proposed as workers ask, and
// the next generation is bred only once every child of this one is reported.
class ElitistEvolutionStrategy : public GuidedStrategy
{
public:
    ElitistEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                             ElitistEvolutionOptions options = {});

    std::string name() const override { return "elitist_evolution"; }

protected:
    // For a subclass whose climbs widen: `climbLayers` layers of climbLayer(), the next one
    // opened once the previous ones are reported without an improvement.
    ElitistEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                             ElitistEvolutionOptions options, std::size_t climbLayers);

    // A climb's neighbours of `centre` in `layer`, in the order to try them: the Hamming
    // neighbours, in a random order (the only layer unless a subclass says otherwise).
    virtual std::vector<std::uint64_t> climbLayer(std::uint64_t centre, std::size_t layer);

    // For a subclass that proposes some configurations itself (surrogate_evolution): what it
    // proposes joins the population once reported, as a random proposal of the frame does.
    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override;
    void learn(std::uint64_t index) override;

    // Whether a hill climb is under way.
    bool climbing() const { return !m_climber.finished(); }
    // Whether the first population is still being drawn.
    bool founding() const;
    // A child of the current population, visited or not; see the class comment.
    std::uint64_t breed();

private:
    using Member = std::pair<double, std::uint64_t>; // (score, index); sorted: best first

    std::optional<std::uint64_t> breedUnvisited();
    std::uint64_t tournament();
    bool isMember(std::uint64_t index) const;
    bool generationReported() const;
    void closeGeneration();
    void climbWhenStuck();

    ElitistEvolutionOptions m_options;
    std::vector<Member> m_population;      // the survivors: successes only, best first
    std::vector<std::uint64_t> m_children; // this generation's children, known or proposed
    std::size_t m_generations = 0;         // generations closed so far
    HillClimber m_climber;
    std::vector<std::uint64_t> m_climbedFrom; // members a climb started from
    double m_bestScore = SearchLedger::kFailed;
    int m_stuckGenerations = 0; // generations in a row without a better best
};

} // namespace tb
