#include "metricevaluator.h"

#include "model/resultfigure.h"
#include "space/variables.h"

#include <algorithm>
#include <cmath>

namespace tb {

Expected<MetricEvaluator> MetricEvaluator::create(const Spec &spec)
{
    const auto names = metricVariableNames(spec);
    std::vector<Expression> expressions;
    for (const auto &metric : spec.metrics) {
        auto expression = Expression::compile(metric.expression, names);
        if (!expression)
            return expression.error();
        expressions.push_back(std::move(expression.value()));
    }
    return MetricEvaluator(spec, std::move(expressions));
}

MetricEvaluator::MetricEvaluator(const Spec &spec, std::vector<Expression> expressions)
    : m_spec(&spec), m_expressions(std::move(expressions))
{}

void MetricEvaluator::apply(const Configuration &config, std::size_t sizeIndex,
                            Result &result) const
{
    if (result.status != ResultStatus::Ok || result.summary.count == 0)
        return;
    auto values = configurationValues(*m_spec, config, sizeIndex);
    values.push_back(result.summary.median); // `time`, then `energy` (metricVariableNames)
    values.push_back(result.resource(figures::kEnergyJoules).value_or(std::nan("")));
    for (std::size_t i = 0; i < m_expressions.size(); ++i)
        result.metrics[m_spec->metrics[i].name] = m_expressions[i].evaluate(values);
}

bool MetricEvaluator::slowerIsWorse() const
{
    const Objective &objective = m_spec->objective;
    if (objective.metric == kObjectiveTime)
        return objective.minimize;
    if (isEnergyObjective(objective.metric))
        return false; // a slower configuration may draw less power
    const auto &metrics = m_spec->metrics;
    const auto metric = std::find_if(metrics.begin(), metrics.end(), [&](const DerivedMetric &m) {
        return m.name == objective.metric;
    });
    if (metric == metrics.end())
        return false;
    const Expression &expression =
        m_expressions[static_cast<std::size_t>(metric - metrics.begin())];
    for (const auto &used : expression.usedVariables()) {
        if (used == kEnergyVariable)
            return false; // energy is not time: a slower configuration may use less
        for (const auto &parameter : m_spec->parameters)
            if (used == parameter.name)
                return false; // the ranking may depend on the configuration, not on time alone
    }
    // Time and sizes only: evaluate it at two times for each size (any parameter values do).
    const Configuration anyConfig{std::vector<double>(m_spec->parameters.size(), 0.0)};
    for (std::size_t size = 0; size < std::max<std::size_t>(m_spec->sizes.values.size(), 1);
         ++size) {
        auto values = configurationValues(*m_spec, anyConfig, size);
        values.push_back(1e-3);
        values.push_back(1.0); // energy: unused here
        const double faster = expression.evaluate(values);
        values[values.size() - 2] = 2e-3;
        const double slower = expression.evaluate(values);
        if (!std::isfinite(faster) || !std::isfinite(slower))
            return false;
        if (objective.minimize ? !(slower > faster) : !(slower < faster))
            return false;
    }
    return true;
}

} // namespace tb
