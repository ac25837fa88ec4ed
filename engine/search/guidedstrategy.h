#pragma once

#include "search/lazyshuffle.h"
#include "search/neighbourhood.h"
#include "search/searchledger.h"
#include "search/searchstrategy.h"
#include "search/seededrandom.h"

namespace tb {

// The frame every strategy that learns from reports shares, so that the common rules live in
// one place: only valid configurations, none twice, failures remembered and never retried,
// reports in any order, and every valid configuration proposed once run to exhaustion. A
// subclass only chooses: when its own moves run dry it either waits for reports it expects or
// the frame proposes a random unvisited configuration instead, so the search never stalls and
// never does worse than exhaustive.
class GuidedStrategy : public SearchStrategy
{
public:
    std::optional<Configuration> next() final;
    bool done() const final { return m_ledger.allVisited(); }
    void report(const Configuration &config, std::optional<double> objective) final;

protected:
    GuidedStrategy(const SearchSpace &space, std::uint64_t seed);

    // The strategy's own next move: an index not yet visited, or nullopt when it has none now.
    virtual std::optional<std::uint64_t> choose() = 0;
    // Whether, having no move, it would rather wait for outstanding reports than have a random
    // configuration proposed. Only asked while some proposal is outstanding.
    virtual bool waitsForReports() const = 0;
    // Hears the first report of `index`; the ledger already holds its score.
    virtual void learn(std::uint64_t index) = 0;

    // A random configuration not yet visited, for a (re)start; the caller must propose it (return
    // it from choose()), because the draw will not offer it again.
    std::optional<std::uint64_t> randomUnvisited();

    const SearchLedger &ledger() const { return m_ledger; }
    const Neighbourhood &neighbourhood() const { return m_neighbourhood; }
    SeededRandom &random() { return m_random; }
    // The configurations one parameter step from `centre`, in a random order: a first-
    // improvement hill climb tries them so, not always the same parameter first.
    std::vector<std::uint64_t> shuffledNeighbours(std::uint64_t centre);

private:
    SearchLedger m_ledger;
    Neighbourhood m_neighbourhood;
    SeededRandom m_random;
    LazyShuffle m_unvisited; // the space's indices in a random order, visited ones skipped
};

} // namespace tb
