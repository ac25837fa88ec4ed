#pragma once

#include "search/elitistevolutionstrategy.h"
#include "search/strategyoptions.h"

#include <memory>
#include <unordered_set>

namespace tb {

struct SurrogateEvolutionOptions : ElitistEvolutionOptions
{
    double modelShare = 0.05; // share of the proposals the model makes while the GA leads
    double leaderShare = 0.8; // share it makes while it leads (its proposal improved the best last)
    int bredCandidates = 30;  // children of the population the model scores per proposal
    int randomCandidates = 300; // random unvisited configurations it scores per proposal
    int bestNeighbourhoods = 5; // best configurations whose Hamming neighbours it scores too
    int maxModelPoints = 150;   // observations the model is fitted to, at most
    double exploration = 0.01;  // expected improvement's margin, in standard deviations of y

    static std::vector<OptionField<SurrogateEvolutionOptions>> fields();
};

class SurrogateModel;

// Surrogate-assisted evolution: elitist_evolution's genetic algorithm and Bayesian optimisation's
// model taking turns over one population. After the founders, some proposals are the candidate
// of highest expected improvement under the surrogate model (a Gaussian process on the log of the
// objective, fitted to everything reported; bayesian_optimization's SurrogateModel), scored over
// children bred from the population, random unvisited configurations and the unvisited
// neighbours of the best few; the rest are the genetic algorithm's own (children, and hill climbs
// when stuck). What the model finds joins the population as soon as it is reported, so a good
// model proposal becomes a parent at once.
//
// Whose turn it is: a credit of the current share per proposal, one spent per model proposal, so
// the turns are spread evenly. The share is modelShare (small) while the genetic algorithm leads
// (it, or a founder, found the best so far) and leaderShare once a model proposal improved the
// best, until a proposal of the genetic algorithm improves it again: the evaluations go to
// whichever found something better more recently. A hill climb, once started, has every turn
// until it ends: it settles the last parameters of a region in a few dozen evaluations, and
// spread out among model proposals it would take several times as long.
//
// Why both: the population is fast and robust where good configurations share blocks of
// parameter values (the convolution spaces, where the model alone stalls in a wrong region and
// every evaluation it takes from the population delays it), but converges on the local optima
// around a needle whose basin holds a percent or two of the space (dedispersion_milo_W6600),
// which the model's view of the whole space can find. The many random candidates keep the model
// looking away from the population; the bred ones let it pick among the crossovers the
// population would try anyway.
//
// Cost: one refit (at most maxModelPoints observations; the hyperparameters are re-picked only as
// the reports grow) and one prediction over a few hundred candidates per model proposal.
class SurrogateEvolutionStrategy : public ElitistEvolutionStrategy
{
public:
    SurrogateEvolutionStrategy(const SearchSpace &space, std::uint64_t seed,
                               SurrogateEvolutionOptions options = {});
    ~SurrogateEvolutionStrategy() override;

    std::string name() const override { return "surrogate_evolution"; }

private:
    std::optional<std::uint64_t> choose() override;
    void learn(std::uint64_t index) override;

    std::optional<std::uint64_t> modelProposal();
    std::vector<std::uint64_t> candidates();

    SurrogateEvolutionOptions m_options;
    std::unique_ptr<SurrogateModel> m_model;
    double m_modelCredit = 0; // proposals owed to the model; one spent per model proposal
    std::unordered_set<std::uint64_t> m_modelProposals;
    std::optional<std::uint64_t> m_best; // the ledger's best when last seen
    bool m_modelLeads = false;           // whether a model proposal improved the best last
};

} // namespace tb
