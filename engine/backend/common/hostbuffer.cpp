#include "hostbuffer.h"

#include "halffloat.h"

#include "data/elementexpression.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

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
    case ElementType::Float16:
        return function(Float16{});
    case ElementType::BFloat16:
        return function(BFloat16{});
    case ElementType::Float8E4M3:
        return function(E4M3Float{});
    case ElementType::Float8E5M2:
        return function(E5M2Float{});
    }
}

// double -> T without undefined behaviour: integers go through int64 (NaN gives 0, huge values
// saturate), then wrap modulo 2^bits as C code storing a sequence into int8 would expect.
template <typename T> T convert(double value)
{
    if constexpr (std::is_floating_point_v<T> || convertsThroughFloat<T>) {
        return roundToReal<T>(value);
    } else {
        if (std::isnan(value))
            return T{};
        const double clamped = std::clamp(value, -9.2e18, 9.2e18);
        return static_cast<T>(static_cast<std::int64_t>(clamped));
    }
}

// The i-th random 64-bit value of a seed (splitmix64's output function over a counter): the
// same data for every worker and every run, ~20x faster than drawing 16M values from a
// mt19937_64 through a distribution (0.55 s per 4096^2 matrix), which a bench worker pays on
// every change of problem size.
std::uint64_t randomBits(std::uint64_t seed, std::uint64_t index)
{
    std::uint64_t z = seed + (index + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Uniform in [0, 1), from the top 53 bits.
double unitInterval(std::uint64_t bits)
{
    return static_cast<double>(bits >> 11) * 0x1.0p-53;
}

// The largest T below `max`: rounding a value drawn below max to T may reach max itself.
template <typename T> T largestBelow(double max)
{
    if constexpr (std::is_floating_point_v<T>) {
        return std::nextafter(static_cast<T>(max), -std::numeric_limits<T>::infinity());
    } else {
        T below = convert<T>(max);
        while (static_cast<double>(static_cast<float>(below)) >= max)
            below = nextNarrowBelow(below);
        return below;
    }
}

// Random values: integers uniform in [ceil(min), ceil(max) - 1] for integer types, reals in
// [min, max) otherwise. Elements [begin, end) of the buffer at data.
template <typename T>
void fillRandom(T *data, std::uint64_t begin, std::uint64_t end, const BufferInit &init)
{
    const std::uint64_t seed = init.seed;
    if constexpr (std::is_integral_v<T>) {
        const auto low = static_cast<std::int64_t>(std::ceil(init.min));
        const auto high = std::max(low, static_cast<std::int64_t>(std::ceil(init.max)) - 1);
        const double span = static_cast<double>(high - low) + 1;
        for (std::uint64_t i = begin; i < end; ++i) {
            const double offset = std::floor(unitInterval(randomBits(seed, i)) * span);
            data[i] = convert<T>(static_cast<double>(low) + offset);
        }
    } else {
        if (!(init.min < init.max)) { // an empty range
            std::fill(data + begin, data + end, convert<T>(init.min));
            return;
        }
        const double span = init.max - init.min;
        const T below = largestBelow<T>(init.max);
        for (std::uint64_t i = begin; i < end; ++i) {
            const double value = init.min + unitInterval(randomBits(seed, i)) * span;
            // Rounding to T must not reach max itself.
            data[i] = std::min(convert<T>(value), below);
        }
    }
}

template <typename T>
void fillTyped(T *data, std::uint64_t begin, std::uint64_t end, const BufferInit &init)
{
    switch (init.kind) {
    case BufferInit::Kind::Zero:
        std::fill(data + begin, data + end, T{});
        return;
    case BufferInit::Kind::Constant:
        std::fill(data + begin, data + end, convert<T>(init.value));
        return;
    case BufferInit::Kind::Random:
        fillRandom(data, begin, end, init);
        return;
    case BufferInit::Kind::Sequence:
        for (std::uint64_t i = begin; i < end; ++i)
            data[i] = convert<T>(init.start + static_cast<double>(i) * init.step);
        return;
    case BufferInit::Kind::File:
    case BufferInit::Kind::Expression:
        // They need the problem size, which fill() is not given: zero stands for them here,
        // so the bytes are never undefined.
        std::fill(data + begin, data + end, T{});
        return;
    }
}

// Runs fill(begin, end) over [0, count) on up to 8 threads, a million elements each at least.
// A bench worker fills its buffers at every change of problem size, and each fresh worker of a
// finalist round again: two 4096^2 fp16 matrices took 0.3 s of such a round's first job on the
// H200 machine. Every element depends on its index alone, so the contents are the same.
template <typename Fill> void inParallel(std::uint64_t count, const Fill &fill)
{
    constexpr std::uint64_t kElementsPerThread = std::uint64_t(1) << 20;
    const std::uint64_t cores = std::max(1u, std::thread::hardware_concurrency());
    const std::uint64_t threads =
        std::clamp<std::uint64_t>(count / kElementsPerThread, 1, std::min<std::uint64_t>(8, cores));
    const std::uint64_t chunk = (count + threads - 1) / threads;
    std::vector<std::thread> helpers;
    for (std::uint64_t begin = chunk; begin < count; begin += chunk) {
        const std::uint64_t end = std::min(count, begin + chunk);
        try {
            helpers.emplace_back(fill, begin, end);
        } catch (const std::system_error &) { // no thread to be had: this one does it
            fill(begin, end);
        }
    }
    fill(0, std::min(count, chunk));
    for (auto &helper : helpers)
        helper.join();
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
        T *data = static_cast<T *>(m_data);
        inParallel(m_count, [data, &init](std::uint64_t begin, std::uint64_t end) {
            fillTyped(data, begin, end, init);
        });
    });
}

void HostBuffer::copyFrom(std::span<const unsigned char> elements)
{
    // In parallel: from a mapped file each thread takes its own page faults.
    auto *target = static_cast<unsigned char *>(m_data);
    const std::size_t size = std::min(elements.size(), bytes());
    const std::size_t element = elementSize(m_type);
    inParallel(size / element, [&](std::uint64_t begin, std::uint64_t end) {
        std::memcpy(target + begin * element, elements.data() + begin * element,
                    (end - begin) * element);
    });
}

Status HostBuffer::fillByExpression(const std::string &expression,
                                    const std::vector<std::string> &sizeNames,
                                    std::span<const double> sizeValues)
{
    // Compiled here first for the error; each thread then compiles its own, as an Expression
    // is not thread-safe.
    if (auto compiled = ElementExpression::compile(expression, sizeNames); !compiled)
        return compiled.error();
    withType(m_type, [&](auto zero) {
        using T = decltype(zero);
        T *data = static_cast<T *>(m_data);
        inParallel(m_count, [&](std::uint64_t begin, std::uint64_t end) {
            auto own = ElementExpression::compile(expression, sizeNames);
            own->setSizes(sizeValues);
            for (std::uint64_t i = begin; i < end; ++i)
                data[i] = convert<T>(own->at(i));
        });
    });
    return ok();
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
        if constexpr (convertsThroughFloat<T>)
            value = static_cast<float>(static_cast<const T *>(data)[index]);
        else
            value = static_cast<double>(static_cast<const T *>(data)[index]);
    });
    return value;
}

} // namespace tb
