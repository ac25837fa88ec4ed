#include "elitistevolutionstrategy.h"

#include <algorithm>

namespace tb {

namespace {

// Children bred per proposal before the population counts as converged for this proposal.
constexpr int kBreedAttempts = 64;
// How far from a crossover's coordinates the valid configuration it becomes may be.
constexpr std::size_t kRepairDistance = 2;
// How far from a converged population's child the unvisited configuration taken instead may be.
constexpr std::size_t kEscapeDistance = 3;

} // namespace

std::vector<OptionField<ElitistEvolutionOptions>> ElitistEvolutionOptions::fields()
{
    using Options = ElitistEvolutionOptions;
    return {
        optionField("population_size",
                    "survivors kept, and children bred per generation (the best of both survive)",
                    2, 10000, &Options::populationSize),
        optionField("mutation_chance",
                    "chance that a child steps to a random neighbour (one parameter changed)", 0, 1,
                    &Options::mutationChance),
        optionField("tournament_size", "population members drawn per parent; the best is taken", 1,
                    100, &Options::tournamentSize),
        optionField("climb_after",
                    "generations without a better best before a hill climb from it (0: never)", 0,
                    1e9, &Options::climbAfter)};
}

ElitistEvolutionStrategy::ElitistEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                                                   ElitistEvolutionOptions options)
    : ElitistEvolutionStrategy(space, seed, options, 1)
{}

ElitistEvolutionStrategy::ElitistEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                                                   ElitistEvolutionOptions options,
                                                   std::size_t climbLayers)
    : GuidedStrategy(space, seed), m_options(options),
      m_climber(
          ledger(),
          [this](std::uint64_t centre, std::size_t layer) { return climbLayer(centre, layer); },
          climbLayers, false)
{}

std::vector<std::uint64_t> ElitistEvolutionStrategy::climbLayer(std::uint64_t centre, std::size_t)
{
    return shuffledNeighbours(centre);
}

std::optional<std::uint64_t> ElitistEvolutionStrategy::choose()
{
    if (!m_climber.finished())
        return m_climber.proposal(); // nullopt: waiting for the neighbourhood's reports
    if (founding())
        return randomUnvisited();
    if (m_generations == 0 && m_children.empty() && !ledger().outstanding().empty())
        return std::nullopt; // the first generation is bred from every founder
    if (m_population.empty())
        return std::nullopt; // every founder failed so far: the frame draws at random
    return breedUnvisited();
}

// Before the first generation it waits for the founders; in a generation, once every child is
// bred, for their reports: the next generation needs the survivors of this one.
bool ElitistEvolutionStrategy::waitsForReports() const
{
    const auto size = static_cast<std::size_t>(m_options.populationSize);
    const bool beforeBreeding = m_generations == 0 && m_children.empty();
    return !m_climber.finished() || beforeBreeding || m_children.size() >= size;
}

void ElitistEvolutionStrategy::learn(std::uint64_t index)
{
    const bool child = std::find(m_children.begin(), m_children.end(), index) != m_children.end();
    const double score = *ledger().score(index);
    // Founders, results of an earlier run and the frame's random proposals join at once;
    // children wait for the rest of their generation.
    if (!child && score != SearchLedger::kFailed && !isMember(index)) {
        const Member member{score, index};
        m_population.insert(std::lower_bound(m_population.begin(), m_population.end(), member),
                            member);
        if (m_population.size() > static_cast<std::size_t>(m_options.populationSize))
            m_population.pop_back();
    }
    m_climber.update();
    const auto size = static_cast<std::size_t>(m_options.populationSize);
    if (m_children.size() >= size && generationReported())
        closeGeneration();
}

// Random founders until the first population is full (counting those still out).
bool ElitistEvolutionStrategy::founding() const
{
    const std::size_t pending = m_population.size() + ledger().outstanding().size();
    return m_generations == 0 && m_children.empty() &&
           pending < static_cast<std::size_t>(m_options.populationSize);
}

// The next child not yet visited. Known children join the generation for free; a generation
// full of reported children is closed and the next one bred, all within the attempts.
std::optional<std::uint64_t> ElitistEvolutionStrategy::breedUnvisited()
{
    const auto size = static_cast<std::size_t>(m_options.populationSize);
    for (int attempt = 0; attempt < kBreedAttempts; ++attempt) {
        if (m_children.size() >= size) {
            if (!generationReported())
                return std::nullopt;
            closeGeneration();
        }
        const std::uint64_t child = breed();
        const bool duplicate = isMember(child) || std::find(m_children.begin(), m_children.end(),
                                                            child) != m_children.end();
        // A child proposed elsewhere and not yet reported has no score to be selected by.
        if (duplicate || (ledger().isVisited(child) && !ledger().isReported(child)))
            continue;
        m_children.push_back(child);
        if (!ledger().isVisited(child))
            return child;
    }
    // Converged: crossover and mutation only give back what is known. Search on around the
    // population, from a child's nearest unvisited configuration.
    if (m_children.size() >= size) {
        if (!generationReported())
            return std::nullopt;
        closeGeneration();
    }
    const auto escape =
        neighbourhood().nearest(neighbourhood().coordinatesOf(breed()), kEscapeDistance,
                                [this](std::uint64_t index) { return !ledger().isVisited(index); });
    if (escape)
        m_children.push_back(*escape);
    return escape;
}

// Two parents by tournament, uniform crossover (each parameter from either), then with
// mutationChance a step to a random Hamming neighbour. Always a valid configuration, visited or
// not.
std::uint64_t ElitistEvolutionStrategy::breed()
{
    const std::uint64_t mother = tournament();
    std::uint64_t father = tournament();
    for (int redraw = 0; father == mother && redraw < 4; ++redraw)
        father = tournament();
    const auto &space = neighbourhood();
    auto genes = space.coordinatesOf(mother);
    const auto fatherGenes = space.coordinatesOf(father);
    for (std::size_t k = 0; k < genes.size(); ++k) {
        if (random().chance(0.5))
            genes[k] = fatherGenes[k];
    }
    std::uint64_t child =
        space.nearest(genes, kRepairDistance, [](std::uint64_t) { return true; }).value_or(mother);
    if (random().chance(m_options.mutationChance)) {
        const auto neighbours = space.hamming(child);
        if (!neighbours.empty())
            child = neighbours[random().below(neighbours.size())];
    }
    return child;
}

// The best of tournamentSize members drawn at random (with replacement).
std::uint64_t ElitistEvolutionStrategy::tournament()
{
    std::size_t winner = m_population.size();
    for (int i = 0; i < m_options.tournamentSize; ++i)
        winner = std::min<std::size_t>(winner, random().below(m_population.size()));
    return m_population[winner].second;
}

bool ElitistEvolutionStrategy::isMember(std::uint64_t index) const
{
    return std::any_of(m_population.begin(), m_population.end(),
                       [index](const Member &member) { return member.second == index; });
}

bool ElitistEvolutionStrategy::generationReported() const
{
    return std::all_of(m_children.begin(), m_children.end(),
                       [this](std::uint64_t index) { return ledger().isReported(index); });
}

// The populationSize best of parents and children survive (failed children never do).
void ElitistEvolutionStrategy::closeGeneration()
{
    for (const std::uint64_t child : m_children) {
        const double score = *ledger().score(child);
        if (score != SearchLedger::kFailed && !isMember(child))
            m_population.emplace_back(score, child);
    }
    std::sort(m_population.begin(), m_population.end());
    if (m_population.size() > static_cast<std::size_t>(m_options.populationSize))
        m_population.resize(static_cast<std::size_t>(m_options.populationSize));
    m_children.clear();
    ++m_generations;
    climbWhenStuck();
}

// Counts generations without a better best; when stuck long enough, climbs from the best member
// not climbed from yet (a climb's neighbourhood is known afterwards: climbing again adds nothing).
void ElitistEvolutionStrategy::climbWhenStuck()
{
    if (m_population.empty())
        return;
    const double bestScore = m_population.front().first;
    if (bestScore < m_bestScore) {
        m_bestScore = bestScore;
        m_stuckGenerations = 0;
        return;
    }
    ++m_stuckGenerations;
    if (m_options.climbAfter == 0 || m_stuckGenerations < m_options.climbAfter ||
        !m_climber.finished())
        return;
    for (const auto &member : m_population) {
        if (std::find(m_climbedFrom.begin(), m_climbedFrom.end(), member.second) ==
            m_climbedFrom.end()) {
            m_climbedFrom.push_back(member.second);
            m_climber.startAt(member.second);
            return;
        }
    }
}

} // namespace tb
