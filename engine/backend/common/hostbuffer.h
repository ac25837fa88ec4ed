#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

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
    // File and Expression inits need the problem size: they give zeros here, and
    // ArgumentContents fills them with copyFrom() and fillByExpression().
    void fill(const BufferInit &init);
    // Copies `elements` in: exactly bytes() of them (a DataFile's elements()).
    void copyFrom(std::span<const unsigned char> elements);
    // Element i = `expression` of `i` and the size variables `sizeNames` = `sizeValues`
    // (ElementExpression), compiled once per filling thread. InvalidSpec when it does not compile.
    Status fillByExpression(const std::string &expression,
                            const std::vector<std::string> &sizeNames,
                            std::span<const double> sizeValues);

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
