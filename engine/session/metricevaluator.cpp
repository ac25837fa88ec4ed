#include "metricevaluator.h"

#include "space/variables.h"

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
    values.push_back(result.summary.median); // `time` comes last (metricVariableNames)
    for (std::size_t i = 0; i < m_expressions.size(); ++i)
        result.metrics[m_spec->metrics[i].name] = m_expressions[i].evaluate(values);
}

} // namespace tb
