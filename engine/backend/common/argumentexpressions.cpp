#include "argumentexpressions.h"

#include "halffloat.h"
#include "space/variables.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace tb {

namespace {

template <typename T>
Status storeInteger(std::span<unsigned char, 8> storage, double value, const Argument &argument)
{
    if (std::nearbyint(value) != value)
        return argumentError(argument, "value " + formatValue(value) + " is not a whole number");
    // T's range is [lowest, 2^digits), both ends exact in a double even for 64-bit types.
    if (value < static_cast<double>(std::numeric_limits<T>::lowest()) ||
        value >= std::ldexp(1.0, std::numeric_limits<T>::digits))
        return argumentError(argument, "value " + formatValue(value) + " does not fit in " +
                                           toString(argument.type));
    static_assert(std::is_integral_v<T>, "reals go through storeReal");
    const T typed = static_cast<T>(value); // whole and in range: exact
    std::memcpy(storage.data(), &typed, sizeof typed);
    return ok();
}

template <typename T> Status storeReal(std::span<unsigned char, 8> storage, double value)
{
    const T typed = roundToReal<T>(value); // as hostbuffer.cpp fills an element of T
    std::memcpy(storage.data(), &typed, sizeof typed);
    return ok();
}

} // namespace

EngineError argumentError(const Argument &argument, const std::string &problem)
{
    return makeError(EngineError::Code::InvalidArgument,
                     "argument '" + argument.name + "': " + problem);
}

Expected<ArgumentExpressions> ArgumentExpressions::create(const Spec &spec)
{
    const auto names = configurationVariableNames(spec);
    ArgumentExpressions expressions;
    for (const auto &argument : spec.arguments) {
        const bool buffer = argument.hasElements();
        auto expression = Expression::compile(buffer ? argument.size : argument.value, names);
        if (!expression)
            return makeError(EngineError::Code::InvalidSpec,
                             "argument '" + argument.name + "': " +
                                 (buffer ? "size: " : "value: ") + expression.error().message,
                             expression.error().detail);
        expressions.m_arguments.push_back(argument);
        expressions.m_expressions.push_back(std::move(*expression));
    }
    return expressions;
}

double ArgumentExpressions::evaluate(std::size_t index,
                                     std::span<const double> variableValues) const
{
    return m_expressions[index].evaluate(variableValues);
}

Expected<std::uint64_t> bufferElementCount(const Argument &argument, double size)
{
    if (std::isnan(size))
        return argumentError(argument, "size '" + argument.size + "' is not a number");
    if (size < 0)
        return argumentError(argument, "size " + formatValue(size) + " is negative");
    if (std::nearbyint(size) != size)
        return argumentError(argument,
                             "size " + formatValue(size) + " is not a whole number of elements");
    if (size > kMaxBufferElements)
        return argumentError(argument,
                             "size " + formatValue(size) + " is larger than 2^34 elements");
    return static_cast<std::uint64_t>(size);
}

Status encodeScalar(const Argument &argument, double value, std::span<unsigned char, 8> storage)
{
    if (!std::isfinite(value))
        return argumentError(argument, "value '" + argument.value + "' is " + formatValue(value));
    switch (argument.type) {
    case ElementType::Int8:
        return storeInteger<std::int8_t>(storage, value, argument);
    case ElementType::Int16:
        return storeInteger<std::int16_t>(storage, value, argument);
    case ElementType::Int32:
        return storeInteger<std::int32_t>(storage, value, argument);
    case ElementType::Int64:
        return storeInteger<std::int64_t>(storage, value, argument);
    case ElementType::UInt8:
        return storeInteger<std::uint8_t>(storage, value, argument);
    case ElementType::UInt16:
        return storeInteger<std::uint16_t>(storage, value, argument);
    case ElementType::UInt32:
        return storeInteger<std::uint32_t>(storage, value, argument);
    case ElementType::UInt64:
        return storeInteger<std::uint64_t>(storage, value, argument);
    case ElementType::Float32:
        return storeReal<float>(storage, value);
    case ElementType::Float64:
        return storeReal<double>(storage, value);
    case ElementType::Float16:
        return storeReal<Eigen::half>(storage, value);
    case ElementType::BFloat16:
        return storeReal<Eigen::bfloat16>(storage, value);
    case ElementType::Float8E4M3:
        return storeReal<E4M3Float>(storage, value);
    case ElementType::Float8E5M2:
        return storeReal<E5M2Float>(storage, value);
    }
    return ok();
}

} // namespace tb
