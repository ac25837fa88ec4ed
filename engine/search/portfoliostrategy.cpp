#include "portfoliostrategy.h"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace tb {

namespace {
// Proposals a member may make in one next(): known ones are answered at once and it is asked
// again, so a converged member cannot hold the run up for long.
constexpr int kAttempts = 256;
} // namespace

struct PortfolioStrategy::Member
{
    std::unique_ptr<SearchStrategy> strategy;
    double credit = 0;          // log-improvements of the best its proposals made
    std::uint64_t proposed = 0; // proposals of it the portfolio passed on
    std::set<std::vector<double>> outstanding;
};

std::vector<OptionField<PortfolioOptions>> PortfolioOptions::fields()
{
    using Options = PortfolioOptions;
    return {optionField("evolution", "1: niching_evolution is a member", 0, 1, &Options::evolution),
            optionField("local_search", "1: greedy_ils is a member", 0, 1, &Options::localSearch),
            optionField("model", "1: bayesian_optimization is a member", 0, 1, &Options::model),
            optionField("coordinate_descent", "1: coordinate_descent is a member", 0, 1,
                        &Options::coordinateDescent),
            optionField("share", "1: every member hears every report; 0: only its own", 0, 1,
                        &Options::share),
            optionField("population_size", "niching_evolution's population", 2, 10000,
                        &Options::populationSize),
            optionField("forest_trees",
                        "with model: bayesian_optimization's random forest beside its Gaussian "
                        "process (0: none)",
                        0, 1000, &Options::forestTrees),
            optionField("prior",
                        "each member's credit before it improved anything (log-improvements)", 0,
                        100, &Options::prior)};
}

PortfolioStrategy::PortfolioStrategy(const SearchSpace &space, std::uint64_t seed,
                                     PortfolioOptions options)
    : m_options(options)
{
    std::vector<std::string> names;
    if (options.evolution)
        names.push_back("niching_evolution");
    if (options.localSearch)
        names.push_back("greedy_ils");
    if (options.model)
        names.push_back("bayesian_optimization");
    if (options.coordinateDescent)
        names.push_back("coordinate_descent");
    if (names.empty()) // no member chosen: the evolution alone
        names.push_back("niching_evolution");
    for (std::size_t k = 0; k < names.size(); ++k) {
        StrategyOptions memberOptions;
        if (names[k] == "niching_evolution")
            memberOptions["population_size"] = options.populationSize;
        if (names[k] == "bayesian_optimization")
            memberOptions["forest_trees"] = options.forestTrees;
        auto made = makeStrategy(names[k], space, seed + 0x9e3779b97f4a7c15ULL * k, memberOptions);
        assert(made.hasValue()); // registered names, options within their bounds
        auto member = std::make_unique<Member>();
        member->strategy = std::move(*made);
        m_members.push_back(std::move(member));
    }
}

PortfolioStrategy::~PortfolioStrategy() = default;

std::optional<Configuration> PortfolioStrategy::next()
{
    for (std::size_t k : membersByNeed()) {
        if (auto proposal = nextOf(k))
            return proposal;
    }
    return std::nullopt;
}

// Member k's next new configuration. What is known already is answered at once, as a cache hit
// (free); what another member has out the member waits for, and is asked again.
std::optional<Configuration> PortfolioStrategy::nextOf(std::size_t k)
{
    Member &member = *m_members[k];
    for (int attempt = 0; attempt < kAttempts && !member.strategy->done(); ++attempt) {
        auto proposal = member.strategy->next();
        if (!proposal)
            return std::nullopt;
        if (const auto known = m_known.find(proposal->values); known != m_known.end()) {
            member.strategy->report(*proposal, known->second);
            continue;
        }
        member.outstanding.insert(proposal->values);
        if (m_proposer.emplace(proposal->values, k).second) {
            ++member.proposed;
            return proposal;
        }
    }
    return std::nullopt;
}

bool PortfolioStrategy::done() const
{
    return std::all_of(m_members.begin(), m_members.end(),
                       [](const auto &member) { return member->strategy->done(); });
}

void PortfolioStrategy::report(const Configuration &config, std::optional<double> objective)
{
    if (!m_known.emplace(config.values, objective).second)
        return; // reported before
    if (objective)
        credit(config, *objective);
    m_proposer.erase(config.values);
    for (auto &member : m_members) {
        const bool waited = member->outstanding.erase(config.values) != 0;
        if (waited || m_options.share)
            member->strategy->report(config, objective);
    }
}

// The member whose proposal beat the best earns the log of the improvement (a first success
// earns nothing: there was nothing to beat).
void PortfolioStrategy::credit(const Configuration &config, double objective)
{
    const auto proposer = m_proposer.find(config.values);
    if (m_best && objective < *m_best && objective > 0 && proposer != m_proposer.end())
        m_members[proposer->second]->credit += std::log(*m_best / objective);
    if (!m_best || objective < *m_best)
        m_best = objective;
}

// Members in the order they are owed proposals: share of the credit minus share of proposals.
std::vector<std::size_t> PortfolioStrategy::membersByNeed() const
{
    double credits = 0;
    std::uint64_t proposals = 0;
    for (const auto &member : m_members) {
        credits += member->credit + m_options.prior;
        proposals += member->proposed;
    }
    std::vector<std::pair<double, std::size_t>> owed;
    for (std::size_t k = 0; k < m_members.size(); ++k) {
        const Member &member = *m_members[k];
        const double share = credits > 0 ? (member.credit + m_options.prior) / credits
                                         : 1.0 / static_cast<double>(m_members.size());
        const double used =
            proposals ? static_cast<double>(member.proposed) / static_cast<double>(proposals) : 0.0;
        owed.emplace_back(used - share, k);
    }
    std::sort(owed.begin(), owed.end());
    std::vector<std::size_t> order;
    for (const auto &[gap, k] : owed)
        order.push_back(k);
    return order;
}

} // namespace tb
