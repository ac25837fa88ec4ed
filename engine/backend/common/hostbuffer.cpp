#include "hostbuffer.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <random>
#include <type_traits>
#include <utility>

namespace tb {

namespace {

template <typename Function> void withType(ElementType type, Function &&function)
{
    switch (type) {
    case ElementType::Int8:
        return function(std::int8_t{});
    case ElementType::Int16:
        return function(std::int16_t{});
    case ElementType::Int32:
        return function(std::int32_t{});
    case ElementType::Int64:
        return function(std::int64_t{});
    case ElementType::UInt8:
        return function(std::uint8_t{});
    case ElementType::UInt16:
        return function(std::uint16_t{});
    case ElementType::UInt32:
        return function(std::uint32_t{});
    case ElementType::UInt64:
        return function(std::uint64_t{});
    case ElementType::Float32:
        return function(float{});
    case ElementType::Float64:
        return function(double{});
    }
}

// double -> T without undefined behaviour: integers go through int64 (NaN gives 0, huge values
// saturate), then wrap modulo 2^bits as C code storing a sequence into int8 would expect.
template <typename T> T convert(double value)
{
    if constexpr (std::is_floating_point_v<T>) {
        return static_cast<T>(value);
    } else {
        if (std::isnan(value))
            return T{};
        const double clamped = std::clamp(value, -9.2e18, 9.2e18);
        return static_cast<T>(static_cast<std::int64_t>(clamped));
    }
}

// Random values: integers uniform in [ceil(min), ceil(max) - 1] for integer types, reals in
// [min, max) otherwise. Drawn one per element from a generator seeded by the spec, so every
// worker and every run sees the same data.
template <typename T> void fillRandom(T *data, std::uint64_t count, const BufferInit &init)
{
    std::mt19937_64 generator(init.seed);
    if constexpr (std::is_integral_v<T>) {
        const auto low = static_cast<std::int64_t>(std::ceil(init.min));
        const auto high = std::max(low, static_cast<std::int64_t>(std::ceil(init.max)) - 1);
        std::uniform_int_distribution<std::int64_t> distribution(low, high);
        for (std::uint64_t i = 0; i < count; ++i)
            data[i] = convert<T>(static_cast<double>(distribution(generator)));
    } else {
        if (!(init.min < init.max)) { // an empty range: the distribution's precondition fails
            std::fill(data, data + count, static_cast<T>(init.min));
            return;
        }
        std::uniform_real_distribution<double> distribution(init.min, init.max);
        for (std::uint64_t i = 0; i < count; ++i)
            data[i] = static_cast<T>(distribution(generator));
    }
}

template <typename T> void fillTyped(T *data, std::uint64_t count, const BufferInit &init)
{
    switch (init.kind) {
    case BufferInit::Kind::Zero:
        std::fill(data, data + count, T{});
        return;
    case BufferInit::Kind::Constant:
        std::fill(data, data + count, convert<T>(init.value));
        return;
    case BufferInit::Kind::Random:
        fillRandom(data, count, init);
        return;
    case BufferInit::Kind::Sequence:
        for (std::uint64_t i = 0; i < count; ++i)
            data[i] = convert<T>(init.start + static_cast<double>(i) * init.step);
        return;
    }
}

} // namespace

HostBuffer::HostBuffer(ElementType type, std::uint64_t count) : m_type(type), m_count(count)
{
    // aligned_alloc wants a multiple of the alignment; never 0 bytes, so data() is never null.
    const std::size_t size =
        (std::max<std::size_t>(bytes(), 1) + kAlignment - 1) / kAlignment * kAlignment;
    m_data = std::aligned_alloc(kAlignment, size);
    if (!m_data)
        throw std::bad_alloc();
}

HostBuffer::HostBuffer(HostBuffer &&other) noexcept
    : m_data(std::exchange(other.m_data, nullptr)), m_type(other.m_type),
      m_count(std::exchange(other.m_count, 0))
{}

HostBuffer &HostBuffer::operator=(HostBuffer &&other) noexcept
{
    if (this != &other) {
        std::free(m_data);
        m_data = std::exchange(other.m_data, nullptr);
        m_type = other.m_type;
        m_count = std::exchange(other.m_count, 0);
    }
    return *this;
}

HostBuffer::~HostBuffer()
{
    std::free(m_data);
}

void HostBuffer::fill(const BufferInit &init)
{
    withType(m_type, [&](auto zero) {
        using T = decltype(zero);
        fillTyped(static_cast<T *>(m_data), m_count, init);
    });
}

double HostBuffer::at(std::uint64_t index) const
{
    return readElement(m_data, m_type, index);
}

void HostBuffer::set(std::uint64_t index, double value)
{
    withType(m_type, [&](auto zero) {
        using T = decltype(zero);
        static_cast<T *>(m_data)[index] = convert<T>(value);
    });
}

double readElement(const void *data, ElementType type, std::uint64_t index)
{
    double value = 0;
    withType(type, [&](auto zero) {
        using T = decltype(zero);
        value = static_cast<double>(static_cast<const T *>(data)[index]);
    });
    return value;
}

} // namespace tb
