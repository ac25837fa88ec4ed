#include "modelhandoverstrategy.h"

#include "search/portfoliostrategy.h"

namespace tb {

std::vector<OptionField<ModelHandoverOptions>> ModelHandoverOptions::fields()
{
    using Options = ModelHandoverOptions;
    return {optionField("model_evaluations",
                        "evaluations the Gaussian process proposes before the evolution takes over",
                        1, 100000, &Options::modelEvaluations),
            optionField("initial_samples",
                        "random configurations evaluated before the model guides", 1, 100000,
                        &Options::initialSamples),
            optionField("population_size",
                        "the evolution's population, founded on the best configurations seen", 2,
                        10000, &Options::populationSize),
            optionField("local_search",
                        "1: greedy_ils shares the budget with the evolution after the hand-over", 0,
                        1, &Options::localSearch),
            optionField("prior", "with local_search: each member's credit before it improved", 0,
                        100, &Options::prior),
            optionField("model_member",
                        "1: bayesian_optimization (with the forest) shares the budget after the "
                        "hand-over too",
                        0, 1, &Options::modelMember),
            optionField("coordinate_descent",
                        "1: coordinate_descent shares the budget after the hand-over too", 0, 1,
                        &Options::coordinateDescent),
            optionField("forest_trees",
                        "> 0: the model phase fits a random forest of that many trees beside the "
                        "Gaussian process, and the one whose cross-validated predictions rank the "
                        "reports better proposes",
                        0, 1000, &Options::forestTrees)};
}

ModelHandoverStrategy::ModelHandoverStrategy(const SearchSpace &space, std::uint64_t seed,
                                             ModelHandoverOptions options)
    : m_space(space), m_seed(seed), m_options(options)
{
    BayesianOptimizationOptions model;
    model.initialSamples = options.initialSamples;
    model.forestTrees = options.forestTrees;
    m_model = std::make_unique<BayesianOptimizationStrategy>(space, seed, model);
}

std::optional<Configuration> ModelHandoverStrategy::next()
{
    if (modelPhase()) {
        auto proposal = m_model->next();
        if (proposal) {
            ++m_proposed;
            m_outstanding.insert(proposal->values);
        }
        return proposal;
    }
    if (!m_successor) {
        if (!m_outstanding.empty())
            return std::nullopt; // the model's last proposals are still out
        handOver();
    }
    return m_successor->next();
}

bool ModelHandoverStrategy::done() const
{
    return m_successor ? m_successor->done() : m_model->done();
}

void ModelHandoverStrategy::report(const Configuration &config, std::optional<double> objective)
{
    if (m_successor) {
        m_successor->report(config, objective);
        return;
    }
    m_outstanding.erase(config.values);
    m_reports.emplace_back(config, objective);
    m_model->report(config, objective);
}

bool ModelHandoverStrategy::modelPhase() const
{
    return !m_successor && m_proposed < static_cast<std::uint64_t>(m_options.modelEvaluations);
}

// A new seed stream for the successors, so that their draws do not repeat the model's.
void ModelHandoverStrategy::handOver()
{
    const std::uint64_t seed = m_seed ^ 0x9e3779b97f4a7c15ULL;
    // With local_search 0 a portfolio of the evolution alone: that is the evolution, proposal
    // for proposal (tst_modelhandover).
    PortfolioOptions portfolio;
    portfolio.localSearch = m_options.localSearch;
    portfolio.populationSize = m_options.populationSize;
    portfolio.prior = m_options.prior;
    portfolio.model = m_options.modelMember;
    portfolio.forestTrees = m_options.forestTrees;
    portfolio.coordinateDescent = m_options.localSearch ? m_options.coordinateDescent : 0;
    m_successor = std::make_unique<PortfolioStrategy>(m_space, seed, portfolio);
    for (const auto &[config, objective] : m_reports)
        m_successor->report(config, objective);
    m_reports.clear();
    m_reports.shrink_to_fit();
}

} // namespace tb
