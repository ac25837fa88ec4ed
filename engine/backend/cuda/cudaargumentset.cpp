#include "cudaargumentset.h"

#include <algorithm>
#include <new>

namespace tb {

namespace {

CudaFailure invalid(const EngineError &error)
{
    return {ResultStatus::InvalidLaunch, error.toString(), false};
}

CudaFailure namedFailure(const Argument &argument, CudaFailure failure)
{
    failure.message = "argument '" + argument.name + "': " + failure.message;
    return failure;
}

} // namespace

CudaArgumentSet::CudaArgumentSet(ArgumentExpressions expressions, ArgumentContents contents,
                                 const CudaDriver &driver)
    : m_expressions(std::move(expressions)), m_contents(std::move(contents))
{
    m_slots.reserve(m_expressions.size());
    for (std::size_t i = 0; i < m_expressions.size(); ++i) {
        Slot slot;
        slot.argument = m_expressions.argument(i);
        slot.device = DeviceBuffer(driver);
        slot.initial = DeviceBuffer(driver);
        m_slots.push_back(std::move(slot));
    }
    const auto parameters = std::count_if(m_slots.begin(), m_slots.end(), [](const Slot &slot) {
        return slot.argument.isParameter();
    });
    // Each entry points at its slot's value from the start, not only after bind(): a Triton
    // launch reorders these pointers when its kernel is loaded, before the arguments are bound.
    m_kernelParams.reserve(static_cast<std::size_t>(parameters));
    for (Slot &slot : m_slots)
        if (slot.argument.isParameter())
            m_kernelParams.push_back(slot.argument.kind == Argument::Kind::Buffer
                                         ? static_cast<void *>(&slot.pointer)
                                         : static_cast<void *>(slot.scalar));
}

Expected<CudaArgumentSet> CudaArgumentSet::create(const Spec &spec, const CudaDriver &driver)
{
    auto expressions = ArgumentExpressions::create(spec);
    if (!expressions)
        return expressions.error();
    return CudaArgumentSet(std::move(*expressions), ArgumentContents(spec), driver);
}

CudaStatus CudaArgumentSet::bind(std::span<const double> variableValues)
{
    std::size_t parameter = 0;
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        Slot &slot = m_slots[i];
        if (!slot.argument.isParameter())
            continue; // a constant: ConstantSymbols fills it in the module
        const double value = m_expressions.evaluate(i, variableValues);
        if (slot.argument.kind == Argument::Kind::Buffer) {
            if (CudaStatus bound = bindBuffer(slot, value, variableValues); !bound)
                return bound;
            m_kernelParams[parameter++] = &slot.pointer;
        } else {
            if (Status encoded = encodeScalar(slot.argument, value, slot.scalar); !encoded)
                return invalid(encoded.error());
            m_kernelParams[parameter++] = slot.scalar;
        }
    }
    return {};
}

CudaStatus CudaArgumentSet::bindBuffer(Slot &slot, double size,
                                       std::span<const double> variableValues)
{
    const auto count = bufferElementCount(slot.argument, size);
    if (!count)
        return invalid(count.error());
    std::string key = m_contents.key(slot.argument, variableValues);
    if (slot.device.allocated() && slot.count == *count && slot.contentsKey == key)
        return {};
    // Free the old ones before asking for the new ones.
    slot.pointer = 0;
    slot.device.free();
    slot.initial.free();
    // The device first: a buffer the GPU cannot hold fails at once, before the host has filled
    // a copy of it. A zero buffer needs no host copy at all.
    const std::size_t bytes = HostBuffer::byteCount(slot.argument.type, *count);
    if (CudaStatus allocated = slot.device.allocate(bytes); !allocated)
        return namedFailure(slot.argument, allocated.failure());
    if (CudaStatus filled = fill(slot, *count, variableValues); !filled)
        return filled;
    if (slot.argument.output) {
        if (CudaStatus allocated = slot.initial.allocate(bytes); !allocated)
            return namedFailure(slot.argument, allocated.failure());
        if (CudaStatus copied = slot.initial.copyFrom(slot.device.pointer(), bytes); !copied)
            return namedFailure(slot.argument, copied.failure());
    }
    slot.count = *count;
    slot.contentsKey = std::move(key);
    slot.pointer = slot.device.pointer();
    return {};
}

CudaStatus CudaArgumentSet::fill(Slot &slot, std::uint64_t count,
                                 std::span<const double> variableValues)
{
    if (slot.argument.init.kind == BufferInit::Kind::Zero) {
        if (CudaStatus zeroed = slot.device.zero(); !zeroed)
            return namedFailure(slot.argument, zeroed.failure());
        return {};
    }
    if (slot.argument.init.kind == BufferInit::Kind::File) {
        // From the mapping straight to the device: the file's one copy in this process.
        auto file = m_contents.openFile(slot.argument, count, variableValues);
        if (!file)
            return invalid(file.error());
        const auto elements = file->elements();
        if (CudaStatus uploaded = slot.device.upload(elements.data(), elements.size()); !uploaded)
            return namedFailure(slot.argument, uploaded.failure());
        return {};
    }
    HostBuffer contents;
    try {
        contents = HostBuffer(slot.argument.type, count);
    } catch (const std::bad_alloc &) {
        return invalid(argumentError(
            slot.argument, "cannot allocate " +
                               std::to_string(HostBuffer::byteCount(slot.argument.type, count)) +
                               " bytes on the host"));
    }
    if (Status filled = m_contents.fill(slot.argument, contents, variableValues); !filled)
        return invalid(filled.error());
    if (CudaStatus uploaded = slot.device.upload(contents.data(), contents.bytes()); !uploaded)
        return namedFailure(slot.argument, uploaded.failure());
    return {};
}

CudaStatus CudaArgumentSet::resetOutputs()
{
    for (auto &slot : m_slots) {
        if (slot.argument.output && slot.device.allocated())
            if (CudaStatus copied =
                    slot.device.copyFrom(slot.initial.pointer(), slot.initial.bytes());
                !copied)
                return namedFailure(slot.argument, copied.failure());
    }
    return {};
}

std::vector<DeviceOutput> CudaArgumentSet::outputs() const
{
    std::vector<DeviceOutput> outputs;
    for (const auto &slot : m_slots) {
        if (slot.argument.kind == Argument::Kind::Buffer && slot.argument.output)
            outputs.push_back(
                {slot.argument.name, slot.argument.type, slot.device.pointer(), slot.count});
    }
    return outputs;
}

const DeviceBuffer *CudaArgumentSet::buffer(std::size_t index) const
{
    const Slot &slot = m_slots[index];
    return slot.argument.kind == Argument::Kind::Buffer && slot.device.allocated() ? &slot.device
                                                                                   : nullptr;
}

} // namespace tb
