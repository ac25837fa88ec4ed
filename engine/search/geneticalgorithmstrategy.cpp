#include "geneticalgorithmstrategy.h"

#include <algorithm>

namespace tb {

namespace {

// Children bred per proposal before the frame's random fallback takes over.
constexpr int kBreedAttempts = 16;
// How far from a child its nearest unvisited valid configuration may be.
constexpr std::size_t kRepairDistance = 2;

} // namespace

std::vector<OptionField<GeneticAlgorithmOptions>> GeneticAlgorithmOptions::fields()
{
    return {
        optionField("population_size", "configurations kept as parents (the best reported so far)",
                    2, 10000, &GeneticAlgorithmOptions::populationSize),
        optionField("mutation_rate", "chance that a child's parameter takes a random other value",
                    0, 1, &GeneticAlgorithmOptions::mutationRate),
        optionField("tournament_size", "population members drawn per parent; the best is taken", 1,
                    100, &GeneticAlgorithmOptions::tournamentSize)};
}

GeneticAlgorithmStrategy::GeneticAlgorithmStrategy(const SearchSpace &space, std::uint64_t seed,
                                                   GeneticAlgorithmOptions options)
    : GuidedStrategy(space, seed), m_options(options)
{}

std::optional<std::uint64_t> GeneticAlgorithmStrategy::choose()
{
    if (m_founders < static_cast<std::uint64_t>(m_options.populationSize)) {
        ++m_founders;
        return randomUnvisited();
    }
    if (m_population.size() < 2)
        return std::nullopt; // nothing to breed from yet
    for (int attempt = 0; attempt < kBreedAttempts; ++attempt) {
        if (auto child = breed())
            return child;
    }
    return std::nullopt;
}

void GeneticAlgorithmStrategy::learn(std::uint64_t index)
{
    const double score = *ledger().score(index);
    if (score == SearchLedger::kFailed)
        return;
    const std::pair<double, std::uint64_t> member{score, index};
    m_population.insert(std::lower_bound(m_population.begin(), m_population.end(), member), member);
    if (m_population.size() > static_cast<std::size_t>(m_options.populationSize))
        m_population.pop_back();
}

std::optional<std::uint64_t> GeneticAlgorithmStrategy::breed()
{
    const std::uint64_t mother = tournament();
    std::uint64_t father = tournament();
    for (int redraw = 0; father == mother && redraw < 4; ++redraw)
        father = tournament();
    const auto &space = neighbourhood();
    const auto motherGenes = space.coordinatesOf(mother);
    const auto fatherGenes = space.coordinatesOf(father);
    auto child = motherGenes;
    for (std::size_t k = 0; k < child.size(); ++k) {
        if (random().chance(0.5))
            child[k] = fatherGenes[k];
        if (space.valueCount(k) > 1 && random().chance(m_options.mutationRate)) {
            const std::size_t other = random().below(space.valueCount(k) - 1);
            child[k] = other >= child[k] ? other + 1 : other;
        }
    }
    return space.nearest(child, kRepairDistance,
                         [this](std::uint64_t index) { return !ledger().isVisited(index); });
}

// The best of tournamentSize members drawn at random (with replacement).
std::uint64_t GeneticAlgorithmStrategy::tournament()
{
    std::size_t winner = m_population.size();
    for (int i = 0; i < m_options.tournamentSize; ++i)
        winner = std::min<std::size_t>(winner, random().below(m_population.size()));
    return m_population[winner].second;
}

} // namespace tb
