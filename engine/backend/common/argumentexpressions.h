#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "space/expression.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tb {

// Largest buffer any backend accepts, in elements (2^34: 64 GiB of float32).
inline constexpr double kMaxBufferElements = 17179869184.0;

// The size (buffers) and value (scalars) expressions of a spec's arguments, compiled against
// configurationVariableNames(spec): what every backend evaluates per configuration and size,
// whatever memory the buffers end up in.
class ArgumentExpressions
{
public:
    // InvalidSpec naming the argument when an expression does not compile.
    static Expected<ArgumentExpressions> create(const Spec &spec);

    std::size_t size() const { return m_arguments.size(); }
    const Argument &argument(std::size_t index) const { return m_arguments[index]; }
    // The argument's size or value for configurationValues(spec, config, size).
    double evaluate(std::size_t index, std::span<const double> variableValues) const;

private:
    ArgumentExpressions() = default;

    std::vector<Argument> m_arguments;
    std::vector<Expression> m_expressions;
};

// A buffer's element count from its evaluated size: InvalidArgument naming the argument when
// the size is NaN, negative, fractional or larger than kMaxBufferElements.
Expected<std::uint64_t> bufferElementCount(const Argument &argument, double size);

// A scalar's value in the bytes its element type passes (int32 -> int32_t, float32 -> float,
// little-endian as the host): InvalidArgument naming the argument when the value is not finite,
// not a whole number for an integer type, or does not fit the type.
Status encodeScalar(const Argument &argument, double value, std::span<unsigned char, 8> storage);

// "argument 'name': problem", the InvalidArgument every check above returns.
EngineError argumentError(const Argument &argument, const std::string &problem);

} // namespace tb
