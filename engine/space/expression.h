#pragma once

#include "model/expected.h"

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tb {

// A compiled arithmetic/boolean expression over named variables (muparser underneath).
// Spec expressions (constraints, sizes, launch geometry, metrics) all go through this class, so
// they share one dialect: + - * / ^ (power) % (remainder), comparisons, && ||, ?:, and the
// functions min, max, floor, ceil, ceil_div(a, b), div(a, b) (floor division), abs, sqrt, log2,
// muparser's others (sin, cos, exp, ...), and the constants _pi and _e to double precision.
//
// Not thread-safe: evaluation writes the variable values into the instance. Move-only.
class Expression
{
public:
    // Fails with InvalidSpec when the text does not parse or uses a name not in `variables`;
    // the message names the offending token.
    static Expected<Expression> compile(const std::string &text,
                                        const std::vector<std::string> &variables);

    Expression(Expression &&) noexcept;
    Expression &operator=(Expression &&) noexcept;
    ~Expression();

    // `values` aligned with the `variables` given to compile(). Evaluation errors give NaN.
    double evaluate(std::span<const double> values) const;

    const std::string &text() const;
    // The variables the expression actually uses, in the order of `variables`.
    const std::vector<std::string> &usedVariables() const;
    // Indices (into `variables`) of usedVariables().
    const std::vector<std::size_t> &usedIndices() const;

private:
    struct Impl;
    explicit Expression(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace tb
