#pragma once

#include "model/spec.h"

#include <cstddef>
#include <cstdint>

namespace tb {

// A 64-byte aligned array of `count` elements of one ElementType (cache-line and AVX-512
// alignment, so a kernel's vector loads behave as in production). Move-only.
class HostBuffer
{
public:
    static constexpr std::size_t kAlignment = 64;

    HostBuffer() = default;
    // Throws std::bad_alloc when the memory cannot be had.
    HostBuffer(ElementType type, std::uint64_t count);
    HostBuffer(HostBuffer &&other) noexcept;
    HostBuffer &operator=(HostBuffer &&other) noexcept;
    HostBuffer(const HostBuffer &) = delete;
    HostBuffer &operator=(const HostBuffer &) = delete;
    ~HostBuffer();

    void *data() const { return m_data; }
    ElementType type() const { return m_type; }
    std::uint64_t count() const { return m_count; }
    std::size_t bytes() const { return byteCount(m_type, m_count); }
    static std::size_t byteCount(ElementType type, std::uint64_t count)
    {
        return static_cast<std::size_t>(count) * elementSize(type);
    }

    // Fills the buffer as `init` says; the same init and count always give the same bytes.
    void fill(const BufferInit &init);

    // Element i converted to double (for comparisons and tests).
    double at(std::uint64_t index) const;
    void set(std::uint64_t index, double value);

private:
    void *m_data = nullptr;
    ElementType m_type = ElementType::Float32;
    std::uint64_t m_count = 0;
};

// Element `index` of raw memory of type `type`, converted to double.
double readElement(const void *data, ElementType type, std::uint64_t index);

} // namespace tb
