#pragma once

#include "search/guidedstrategy.h"
#include "search/strategyoptions.h"

namespace tb {

struct GeneticAlgorithmOptions
{
    int populationSize = 20;
    double mutationRate = 0.1; // chance that a child's parameter takes a random other value
    int tournamentSize = 2;

    static std::vector<OptionField<GeneticAlgorithmOptions>> fields();
};

// A steady-state genetic algorithm: the population is the populationSize best configurations
// reported so far (failures never join). It starts with populationSize random configurations;
// after that every proposal is a child of two parents chosen by tournament, by uniform crossover
// (each parameter from either parent) and mutation (each parameter, with mutationRate, to a
// random other value). A child that is not a valid configuration, or was visited already, is
// repaired to the nearest valid unvisited one; failing that another child is bred.
//
// Steady state rather than generations because evaluation is asynchronous: a child can be bred
// whenever a worker is free, from whatever has been reported by then, without waiting for a
// generation to finish.
class GeneticAlgorithmStrategy : public GuidedStrategy
{
public:
    GeneticAlgorithmStrategy(const SearchSpace &space, std::uint64_t seed,
                             GeneticAlgorithmOptions options = {});

    std::string name() const override { return "genetic_algorithm"; }

private:
    std::optional<std::uint64_t> choose() override;
    bool waitsForReports() const override { return m_population.size() < 2; }
    void learn(std::uint64_t index) override;

    std::optional<std::uint64_t> breed();
    std::uint64_t tournament();

    GeneticAlgorithmOptions m_options;
    std::uint64_t m_founders = 0; // random configurations proposed to found the population
    // (score, index), best first; ties by index so that the order depends on nothing else.
    std::vector<std::pair<double, std::uint64_t>> m_population;
};

} // namespace tb
