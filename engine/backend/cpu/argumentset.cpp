#include "argumentset.h"

#include "space/variables.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <new>

namespace tb {

namespace {

EngineError argumentError(const Argument &argument, const std::string &problem)
{
    return makeError(EngineError::Code::InvalidArgument,
                     "argument '" + argument.name + "': " + problem);
}

template <typename T>
Status storeInteger(unsigned char *storage, double value, const Argument &argument)
{
    if (std::nearbyint(value) != value)
        return argumentError(argument, "value " + formatValue(value) + " is not a whole number");
    // T's range is [lowest, 2^digits), both ends exact in a double even for 64-bit types.
    if (value < static_cast<double>(std::numeric_limits<T>::lowest()) ||
        value >= std::ldexp(1.0, std::numeric_limits<T>::digits))
        return argumentError(argument, "value " + formatValue(value) + " does not fit in " +
                                           toString(argument.type));
    const T typed = static_cast<T>(value);
    std::memcpy(storage, &typed, sizeof typed);
    return ok();
}

template <typename T> Status storeReal(unsigned char *storage, double value)
{
    const T typed = static_cast<T>(value);
    std::memcpy(storage, &typed, sizeof typed);
    return ok();
}

} // namespace

Expected<ArgumentSet> ArgumentSet::create(const Spec &spec)
{
    const auto names = configurationVariableNames(spec);
    ArgumentSet set;
    set.m_slots.reserve(spec.arguments.size());
    for (const auto &argument : spec.arguments) {
        const bool buffer = argument.kind == Argument::Kind::Buffer;
        auto expression = Expression::compile(buffer ? argument.size : argument.value, names);
        if (!expression)
            return makeError(EngineError::Code::InvalidSpec,
                             "argument '" + argument.name + "': " +
                                 (buffer ? "size: " : "value: ") + expression.error().message,
                             expression.error().detail);
        set.m_slots.push_back(Slot{argument, std::move(*expression), {}, nullptr, {}});
    }
    set.m_callArguments.resize(set.m_slots.size(), nullptr);
    return set;
}

Status ArgumentSet::bind(std::span<const double> variableValues)
{
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        Slot &slot = m_slots[i];
        const double value = slot.expression.evaluate(variableValues);
        if (slot.argument.kind == Argument::Kind::Buffer) {
            if (Status bound = bindBuffer(slot, value); !bound)
                return bound;
            m_callArguments[i] = &slot.pointer;
        } else {
            if (Status bound = bindScalar(slot, value); !bound)
                return bound;
            m_callArguments[i] = slot.scalar;
        }
    }
    return ok();
}

Status ArgumentSet::bindBuffer(Slot &slot, double size)
{
    if (std::isnan(size))
        return argumentError(slot.argument, "size '" + slot.argument.size + "' is not a number");
    if (size < 0)
        return argumentError(slot.argument, "size " + formatValue(size) + " is negative");
    if (std::nearbyint(size) != size)
        return argumentError(slot.argument,
                             "size " + formatValue(size) + " is not a whole number of elements");
    if (size > kMaxElements)
        return argumentError(slot.argument,
                             "size " + formatValue(size) + " is larger than 2^34 elements");
    const auto count = static_cast<std::uint64_t>(size);
    if (!slot.pointer || slot.buffer.count() != count) {
        slot.pointer = nullptr;
        slot.buffer = HostBuffer(); // free the old one before asking for the new one
        try {
            slot.buffer = HostBuffer(slot.argument.type, count);
        } catch (const std::bad_alloc &) {
            return argumentError(slot.argument,
                                 "cannot allocate " +
                                     std::to_string(count * elementSize(slot.argument.type)) +
                                     " bytes");
        }
        slot.buffer.fill(slot.argument.init);
        slot.pointer = slot.buffer.data();
    }
    return ok();
}

Status ArgumentSet::bindScalar(Slot &slot, double value)
{
    if (!std::isfinite(value))
        return argumentError(slot.argument,
                             "value '" + slot.argument.value + "' is " + formatValue(value));
    unsigned char *storage = slot.scalar;
    switch (slot.argument.type) {
    case ElementType::Int8:
        return storeInteger<std::int8_t>(storage, value, slot.argument);
    case ElementType::Int16:
        return storeInteger<std::int16_t>(storage, value, slot.argument);
    case ElementType::Int32:
        return storeInteger<std::int32_t>(storage, value, slot.argument);
    case ElementType::Int64:
        return storeInteger<std::int64_t>(storage, value, slot.argument);
    case ElementType::UInt8:
        return storeInteger<std::uint8_t>(storage, value, slot.argument);
    case ElementType::UInt16:
        return storeInteger<std::uint16_t>(storage, value, slot.argument);
    case ElementType::UInt32:
        return storeInteger<std::uint32_t>(storage, value, slot.argument);
    case ElementType::UInt64:
        return storeInteger<std::uint64_t>(storage, value, slot.argument);
    case ElementType::Float32:
        return storeReal<float>(storage, value);
    case ElementType::Float64:
        return storeReal<double>(storage, value);
    }
    return ok();
}

void ArgumentSet::resetOutputs()
{
    for (auto &slot : m_slots) {
        if (slot.argument.kind == Argument::Kind::Buffer && slot.argument.output && slot.pointer)
            slot.buffer.fill(slot.argument.init);
    }
}

const HostBuffer *ArgumentSet::buffer(std::size_t index) const
{
    const Slot &slot = m_slots[index];
    return slot.argument.kind == Argument::Kind::Buffer && slot.pointer ? &slot.buffer : nullptr;
}

std::vector<OutputView> ArgumentSet::outputs() const
{
    std::vector<OutputView> views;
    for (const auto &slot : m_slots) {
        if (slot.argument.kind == Argument::Kind::Buffer && slot.argument.output)
            views.push_back(
                {slot.argument.name, slot.argument.type, slot.buffer.data(), slot.buffer.count()});
    }
    return views;
}

} // namespace tb
