#pragma once

#include "model/expected.h"
#include "space/expression.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tb {

// An "init": {"expression": "cos(2 * _pi * i / n)"}: each element's value from its index `i`
// and the problem-size variables, in the spec's expression dialect. Compiled once; evaluating
// an element sets `i` alone. Not thread-safe (Expression is not): one per thread.
class ElementExpression
{
public:
    static constexpr const char *kIndexVariable = "i";

    // "i", then the problem-size variables: the names an init expression may use.
    static std::vector<std::string> variableNames(const std::vector<std::string> &sizeNames);
    // InvalidSpec as Expression::compile, naming the unknown name (a parameter, for one).
    static Expected<ElementExpression> compile(const std::string &text,
                                               const std::vector<std::string> &sizeNames);

    // The problem size's values, aligned with the sizeNames given to compile().
    void setSizes(std::span<const double> sizeValues);
    // Element `index`'s value; NaN where the expression has none.
    double at(std::uint64_t index);

private:
    explicit ElementExpression(Expression expression, std::size_t sizeCount);

    Expression m_expression;
    std::vector<double> m_values; // i, then the sizes
};

} // namespace tb
