#include "elementexpression.h"

#include <algorithm>

namespace tb {

std::vector<std::string> ElementExpression::variableNames(const std::vector<std::string> &sizeNames)
{
    std::vector<std::string> names{kIndexVariable};
    names.insert(names.end(), sizeNames.begin(), sizeNames.end());
    return names;
}

Expected<ElementExpression> ElementExpression::compile(const std::string &text,
                                                       const std::vector<std::string> &sizeNames)
{
    auto expression = Expression::compile(text, variableNames(sizeNames));
    if (!expression)
        return expression.error();
    return ElementExpression(std::move(*expression), sizeNames.size());
}

ElementExpression::ElementExpression(Expression expression, std::size_t sizeCount)
    : m_expression(std::move(expression)), m_values(sizeCount + 1, 0.0)
{}

void ElementExpression::setSizes(std::span<const double> sizeValues)
{
    const std::size_t count = std::min(sizeValues.size(), m_values.size() - 1);
    std::copy_n(sizeValues.begin(), count, m_values.begin() + 1);
}

double ElementExpression::at(std::uint64_t index)
{
    m_values[0] = static_cast<double>(index);
    return m_expression.evaluate(m_values);
}

} // namespace tb
