#include "argumentset.h"

#include <new>

namespace tb {

ArgumentSet::ArgumentSet(ArgumentExpressions expressions, ArgumentContents contents)
    : m_expressions(std::move(expressions)), m_contents(std::move(contents))
{
    m_slots.reserve(m_expressions.size());
    for (std::size_t i = 0; i < m_expressions.size(); ++i)
        m_slots.push_back(Slot{m_expressions.argument(i), {}, {}, nullptr, {}});
    m_callArguments.resize(m_slots.size(), nullptr);
}

Expected<ArgumentSet> ArgumentSet::create(const Spec &spec)
{
    auto expressions = ArgumentExpressions::create(spec);
    if (!expressions)
        return expressions.error();
    return ArgumentSet(std::move(*expressions), ArgumentContents(spec));
}

Status ArgumentSet::bind(std::span<const double> variableValues)
{
    m_values.assign(variableValues.begin(), variableValues.end());
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        Slot &slot = m_slots[i];
        const double value = m_expressions.evaluate(i, variableValues);
        if (slot.argument.kind == Argument::Kind::Buffer) {
            if (Status bound = bindBuffer(slot, value); !bound)
                return bound;
            m_callArguments[i] = &slot.pointer;
        } else {
            if (Status bound = encodeScalar(slot.argument, value, slot.scalar); !bound)
                return bound;
            m_callArguments[i] = slot.scalar;
        }
    }
    return ok();
}

Status ArgumentSet::bindBuffer(Slot &slot, double size)
{
    const auto count = bufferElementCount(slot.argument, size);
    if (!count)
        return count.error();
    std::string key = m_contents.key(slot.argument, m_values);
    if (!slot.pointer || slot.buffer.count() != *count || slot.contentsKey != key) {
        slot.pointer = nullptr;
        slot.buffer = HostBuffer(); // free the old one before asking for the new one
        try {
            slot.buffer = HostBuffer(slot.argument.type, *count);
        } catch (const std::bad_alloc &) {
            return argumentError(slot.argument,
                                 "cannot allocate " +
                                     std::to_string(*count * elementSize(slot.argument.type)) +
                                     " bytes");
        }
        if (Status filled = m_contents.fill(slot.argument, slot.buffer, m_values); !filled)
            return filled;
        slot.contentsKey = std::move(key);
        slot.pointer = slot.buffer.data();
    }
    return ok();
}

Status ArgumentSet::resetOutputs()
{
    for (auto &slot : m_slots) {
        if (slot.argument.kind == Argument::Kind::Buffer && slot.argument.output && slot.pointer)
            if (Status filled = m_contents.fill(slot.argument, slot.buffer, m_values); !filled)
                return filled;
    }
    return ok();
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
