#include "surrogateevolutionstrategy.h"

#include "candidatepool.h"
#include "search/surrogatemodel.h"

#include <algorithm>

namespace tb {

std::vector<OptionField<SurrogateEvolutionOptions>> SurrogateEvolutionOptions::fields()
{
    using Options = SurrogateEvolutionOptions;
    std::vector<OptionField<Options>> fields;
    // The genetic algorithm's options, as elitist_evolution takes them.
    for (auto &field : ElitistEvolutionOptions::fields()) {
        fields.push_back(
            {field.name, field.help, field.minimum, field.maximum, field.integer,
             [get = field.get](const Options &options) { return get(options); },
             [set = field.set](Options &options, double value) { set(options, value); }});
    }
    fields.push_back(optionField<Options>(
        "model_share",
        "share of the proposals the model makes while the genetic algorithm found the best last", 0,
        1, &Options::modelShare));
    fields.push_back(optionField<Options>(
        "leader_share", "share of the proposals the model makes while it found the best last", 0, 1,
        &Options::leaderShare));
    fields.push_back(optionField<Options>(
        "bred_candidates", "children of the population the model scores per proposal", 0, 10000,
        &Options::bredCandidates));
    fields.push_back(optionField<Options>(
        "random_candidates", "random unvisited configurations the model scores per proposal", 0,
        100000, &Options::randomCandidates));
    fields.push_back(optionField<Options>(
        "best_neighbourhoods",
        "best configurations so far whose neighbours the model scores per proposal", 0, 1000,
        &Options::bestNeighbourhoods));
    fields.push_back(optionField<Options>(
        "max_model_points", "observations the model is fitted to, at most (cost: cubic)", 2, 5000,
        &Options::maxModelPoints));
    fields.push_back(optionField<Options>(
        "exploration",
        "margin an expected improvement must beat, in standard deviations of the target", 0, 10,
        &Options::exploration));
    return fields;
}

SurrogateEvolutionStrategy::SurrogateEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                                                       SurrogateEvolutionOptions options)
    : ElitistEvolutionStrategy(space, seed, options), m_options(options),
      m_model(std::make_unique<SurrogateModel>(ledger(), neighbourhood(),
                                               static_cast<std::size_t>(options.maxModelPoints)))
{}

SurrogateEvolutionStrategy::~SurrogateEvolutionStrategy() = default;

// The founders are the genetic algorithm's (and the model's first observations); after them the
// credit decides whose turn it is. A model with nothing to offer (no success yet, or no
// unvisited candidate) hands its turn back.
std::optional<std::uint64_t> SurrogateEvolutionStrategy::choose()
{
    if (founding() || climbing() || ledger().reported().empty())
        return ElitistEvolutionStrategy::choose();
    m_modelCredit += m_modelLeads ? m_options.leaderShare : m_options.modelShare;
    if (m_modelCredit >= 1) {
        m_modelCredit -= 1;
        if (auto proposal = modelProposal()) {
            m_modelProposals.insert(*proposal);
            return proposal;
        }
    }
    return ElitistEvolutionStrategy::choose();
}

// The population hears every report; the lead goes to whoever proposed a better best (a result
// fed back from an earlier run, or a random proposal of the frame, counts for the population).
void SurrogateEvolutionStrategy::learn(std::uint64_t index)
{
    ElitistEvolutionStrategy::learn(index);
    if (ledger().best() != m_best) {
        m_best = ledger().best();
        m_modelLeads = m_modelProposals.count(index) != 0;
    }
}

std::optional<std::uint64_t> SurrogateEvolutionStrategy::modelProposal()
{
    if (!m_model->refit())
        return std::nullopt;
    const auto pool = candidates();
    if (pool.empty())
        return std::nullopt;
    const auto improvement = m_model->expectedImprovement(pool, m_options.exploration);
    const auto best = std::max_element(improvement.begin(), improvement.end());
    return pool[static_cast<std::size_t>(best - improvement.begin())];
}

// Children of the population, random unvisited configurations, and the unvisited neighbours of
// the best so far; each once.
std::vector<std::uint64_t> SurrogateEvolutionStrategy::candidates()
{
    CandidatePool pool(ledger());
    pool.drawUpTo(static_cast<std::size_t>(m_options.bredCandidates), [this] { return breed(); });
    const std::uint64_t count = ledger().space().validCount();
    pool.drawUpTo(static_cast<std::size_t>(m_options.randomCandidates),
                  [&] { return random().below(count); });
    pool.offerNeighboursOfBest(neighbourhood(),
                               static_cast<std::size_t>(m_options.bestNeighbourhoods));
    return pool.take();
}

} // namespace tb
