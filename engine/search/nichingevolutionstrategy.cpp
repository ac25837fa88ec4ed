#include "nichingevolutionstrategy.h"

#include <algorithm>

namespace tb {

namespace {

// Spaces of more valid configurations are not scanned for rare values.
constexpr std::uint64_t kMaxScanned = 1000000;
// Random draws for a niche climb's start when no configuration with the value is reported.
constexpr int kStartDraws = 4096;

} // namespace

std::vector<OptionField<NichingEvolutionOptions>> NichingEvolutionOptions::fields()
{
    using Options = NichingEvolutionOptions;
    std::vector<OptionField<Options>> fields;
    // The genetic algorithm's options, as elitist_evolution takes them.
    for (auto &field : ElitistEvolutionOptions::fields()) {
        fields.push_back(
            {field.name, field.help, field.minimum, field.maximum, field.integer,
             [get = field.get](const Options &options) { return get(options); },
             [set = field.set](Options &options, double value) { set(options, value); }});
    }
    fields.push_back(optionField<Options>(
        "rare_share",
        "a parameter value held by fewer than this fraction of its fair share of the valid "
        "configurations gets a hill climb that keeps it (0: never)",
        0, 1, &Options::rareShare));
    fields.push_back(optionField<Options>(
        "bridges",
        "1: a climb stuck on one-parameter steps tries the steps the constraints allow only "
        "with other parameters changed too; 0: never",
        0, 1, &Options::bridges));
    return fields;
}

NichingEvolutionStrategy::NichingEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                                                   NichingEvolutionOptions options)
    : ElitistEvolutionStrategy(space, seed, options, options.bridges != 0 ? 2 : 1),
      m_options(options), m_bridges(neighbourhood(), space.validCount()),
      m_nicheClimber(
          ledger(),
          [this](std::uint64_t centre, std::size_t layer) {
              return nicheNeighbours(centre, layer);
          },
          options.bridges != 0 ? 2 : 1, false)
{}

std::vector<std::uint64_t> NichingEvolutionStrategy::climbLayer(std::uint64_t centre,
                                                                std::size_t layer)
{
    return layer == 0 ? ElitistEvolutionStrategy::climbLayer(centre, layer) : bridgesFrom(centre);
}

std::vector<std::uint64_t> NichingEvolutionStrategy::bridgesFrom(std::uint64_t centre)
{
    auto moves = m_bridges.from(centre);
    random().shuffle(moves);
    return moves;
}

// Once the founders are reported (and no climb of the population is under way), the rare values'
// climbs one after the other, each to its end as the population's climbs are; then, and before,
// the genetic algorithm.
std::optional<std::uint64_t> NichingEvolutionStrategy::choose()
{
    if (!m_nicheClimber.finished())
        return m_nicheClimber.proposal();
    const auto founders = static_cast<std::size_t>(m_options.populationSize);
    if (!founding() && !climbing() && ledger().reported().size() >= founders) {
        if (!m_nichesFound)
            findNiches();
        while (!m_niches.empty()) {
            m_niche = m_niches.back();
            m_niches.pop_back();
            if (auto start = nicheStart(m_niche)) {
                m_nicheClimber.startAt(*start);
                if (auto proposal = m_nicheClimber.proposal())
                    return proposal;
                if (!m_nicheClimber.finished())
                    return std::nullopt;
            }
        }
    }
    return ElitistEvolutionStrategy::choose();
}

bool NichingEvolutionStrategy::waitsForReports() const
{
    return !m_nicheClimber.finished() || ElitistEvolutionStrategy::waitsForReports();
}

void NichingEvolutionStrategy::learn(std::uint64_t index)
{
    ElitistEvolutionStrategy::learn(index);
    m_nicheClimber.update();
}

// The rare values: fewer configurations than rareShare of validCount / valueCount.
void NichingEvolutionStrategy::findNiches()
{
    m_nichesFound = true;
    const std::uint64_t count = ledger().space().validCount();
    if (m_options.rareShare <= 0 || count > kMaxScanned)
        return;
    const auto &space = neighbourhood();
    std::vector<std::vector<std::uint64_t>> held(space.dimensions());
    for (std::size_t k = 0; k < space.dimensions(); ++k)
        held[k].assign(space.valueCount(k), 0);
    for (std::uint64_t index = 0; index < count; ++index) {
        const auto coordinates = space.coordinatesOf(index);
        for (std::size_t k = 0; k < coordinates.size(); ++k)
            ++held[k][coordinates[k]];
    }
    std::vector<std::pair<std::uint64_t, Niche>> rare;
    for (std::size_t k = 0; k < space.dimensions(); ++k) {
        const double fair = static_cast<double>(count) / static_cast<double>(space.valueCount(k));
        for (std::size_t value = 0; value < space.valueCount(k); ++value) {
            if (held[k][value] > 0 &&
                static_cast<double>(held[k][value]) < m_options.rareShare * fair)
                rare.push_back({held[k][value], {k, value}});
        }
    }
    // Rarest last: m_niches is taken from the back.
    std::sort(rare.begin(), rare.end(), std::greater<>());
    for (const auto &entry : rare)
        m_niches.push_back(entry.second);
}

// The best reported configuration with the niche's value, else a random unvisited one.
std::optional<std::uint64_t> NichingEvolutionStrategy::nicheStart(const Niche &niche)
{
    const auto &space = neighbourhood();
    const auto holds = [&](std::uint64_t index) {
        return space.coordinatesOf(index)[niche.first] == niche.second;
    };
    std::optional<std::uint64_t> best;
    for (const std::uint64_t index : ledger().reported()) {
        const double score = *ledger().score(index);
        if (score != SearchLedger::kFailed && holds(index) &&
            (!best || score < *ledger().score(*best)))
            best = index;
    }
    if (best)
        return best;
    const std::uint64_t count = ledger().space().validCount();
    for (int draw = 0; draw < kStartDraws; ++draw) {
        const std::uint64_t index = random().below(count);
        if (!ledger().isVisited(index) && holds(index))
            return index;
    }
    return std::nullopt;
}

std::vector<std::uint64_t> NichingEvolutionStrategy::nicheNeighbours(std::uint64_t centre,
                                                                     std::size_t layer)
{
    auto neighbours = layer == 0 ? shuffledNeighbours(centre) : bridgesFrom(centre);
    const auto &space = neighbourhood();
    neighbours.erase(std::remove_if(neighbours.begin(), neighbours.end(),
                                    [&](std::uint64_t index) {
                                        return space.coordinatesOf(index)[m_niche.first] !=
                                               m_niche.second;
                                    }),
                     neighbours.end());
    return neighbours;
}

} // namespace tb
