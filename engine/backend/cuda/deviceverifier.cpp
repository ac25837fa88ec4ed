#include "deviceverifier.h"

#include "backend/common/hostbuffer.h"
#include "backend/common/outputverifier.h"
#include "compile/nvrtccompiler.h"
#include "cudadriver.h"
#include "internalkernel.h"

#include <algorithm>
#include <cstring>

namespace tb {

namespace {

// Each thread walks its elements from `begin` on in increasing order, so its first mismatch
// is its lowest; it adds its count and offers that index once, at the end (a kernel writing
// NaN everywhere would otherwise put 16M atomics on one address). A pass from `begin` past
// the first mismatch finds the next one, for the message. Elements are compared as doubles, as
// OutputVerifier reads them. The tolerance uses __dmul_rn/__dadd_rn because NVRTC would
// otherwise fuse it into an FMA, whose single rounding can differ from the host's two.
//
// The 16-bit reals arrive as their bits and are widened here as the host's Eigen::half and
// bfloat16 widen them (exactly: every such value is a float), with no header of the toolkit's.
constexpr const char *kVerifyKernel = R"(
struct tb_float16 { unsigned short bits; };
struct tb_bfloat16 { unsigned short bits; };
struct tb_float8_e4m3 { unsigned char bits; };
struct tb_float8_e5m2 { unsigned char bits; };

template <typename T> __device__ double tb_widen(T x) { return static_cast<double>(x); }
__device__ double tb_widen(tb_bfloat16 x)
{
    return static_cast<double>(__uint_as_float(static_cast<unsigned int>(x.bits) << 16));
}
__device__ double tb_widen(tb_float16 x)
{
    const unsigned int exponent = (x.bits >> 10) & 0x1f;
    const unsigned int mantissa = x.bits & 0x3ff;
    double magnitude;
    if (exponent == 0)
        magnitude = ldexp(static_cast<double>(mantissa), -24); // zero and subnormals
    else if (exponent == 31)
        magnitude = mantissa ? __longlong_as_double(0x7ff8000000000000ll)
                             : __longlong_as_double(0x7ff0000000000000ll);
    else
        magnitude = ldexp(static_cast<double>(mantissa | 0x400), static_cast<int>(exponent) - 25);
    return (x.bits & 0x8000) ? -magnitude : magnitude;
}

// float8_e4m3fn: bias 7, 3 mantissa bits, S.1111.111 NaN, no infinities.
__device__ double tb_widen(tb_float8_e4m3 x)
{
    const unsigned int exponent = (x.bits >> 3) & 0xf;
    const unsigned int mantissa = x.bits & 0x7;
    double magnitude;
    if ((x.bits & 0x7f) == 0x7f)
        magnitude = __longlong_as_double(0x7ff8000000000000ll);
    else if (exponent == 0)
        magnitude = ldexp(static_cast<double>(mantissa), -9);
    else
        magnitude = ldexp(static_cast<double>(mantissa | 0x8), static_cast<int>(exponent) - 10);
    return (x.bits & 0x80) ? -magnitude : magnitude;
}
// float8_e5m2: the top byte of a float16.
__device__ double tb_widen(tb_float8_e5m2 x)
{
    tb_float16 wide;
    wide.bits = static_cast<unsigned short>(x.bits) << 8;
    return tb_widen(wide);
}

template <typename T>
__global__ void tb_verify(const T *got, const T *ref, unsigned long long begin,
                          unsigned long long count, double atol, double rtol,
                          unsigned long long *mismatchCount, unsigned long long *firstIndex)
{
    unsigned long long mismatches = 0;
    unsigned long long first = ~0ull;
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    for (unsigned long long i = begin + blockIdx.x * static_cast<unsigned long long>(blockDim.x) +
                                threadIdx.x;
         i < count; i += stride) {
        const double value = tb_widen(got[i]);
        const double expected = tb_widen(ref[i]);
        if (value == expected)
            continue;
        const bool close = isfinite(value) && isfinite(expected) &&
                           fabs(value - expected) <= __dadd_rn(atol, __dmul_rn(rtol, fabs(expected)));
        if (!close && mismatches++ == 0)
            first = i;
    }
    if (mismatches > 0) {
        atomicAdd(mismatchCount, mismatches);
        atomicMin(firstIndex, first);
    }
}
)";

constexpr unsigned int kThreads = 256;

const char *cudaTypeName(ElementType type)
{
    switch (type) {
    case ElementType::Float32:
        return "float";
    case ElementType::Float64:
        return "double";
    case ElementType::Int32:
        return "int";
    case ElementType::Int64:
        return "long long";
    case ElementType::UInt32:
        return "unsigned int";
    case ElementType::Float16:
        return "tb_float16";
    case ElementType::BFloat16:
        return "tb_bfloat16";
    case ElementType::Float8E4M3:
        return "tb_float8_e4m3";
    case ElementType::Float8E5M2:
        return "tb_float8_e5m2";
    default:
        return nullptr;
    }
}

} // namespace

DeviceVerifier::DeviceVerifier(const CudaDriver &driver, const NvrtcCompiler &compiler, int smCount)
    : m_driver(&driver), m_compiler(&compiler), m_counters(driver),
      m_blocks(static_cast<unsigned int>(std::max(1, smCount) * 4))
{}

bool DeviceVerifier::supports(ElementType type)
{
    return cudaTypeName(type) != nullptr;
}

std::string DeviceVerifier::entryFor(ElementType type)
{
    const char *name = cudaTypeName(type);
    return name ? std::string("tb_verify<") + name + ">" : std::string();
}

const char *DeviceVerifier::kernelSource()
{
    return kVerifyKernel;
}

CudaStatus DeviceVerifier::kernelFor(ElementType type, CUfunction &function)
{
    CudaModule &module = m_modules[static_cast<std::size_t>(type)];
    if (!module.function())
        if (CudaStatus loaded =
                loadInternalKernel(*m_driver, *m_compiler, kVerifyKernel, entryFor(type),
                                   "the verification kernel", module);
            !loaded)
            return loaded;
    function = module.function();
    return {};
}

CudaStatus DeviceVerifier::elementAt(CUdeviceptr data, ElementType type, std::uint64_t index,
                                     double &value) const
{
    alignas(8) unsigned char element[8]{};
    const std::size_t size = elementSize(type);
    if (CudaStatus copied = m_driver->check(
            m_driver->memcpyDtoH(element, data + index * size, size), "cuMemcpyDtoH");
        !copied)
        return copied;
    value = readElement(element, type, 0);
    return {};
}

CudaStatus DeviceVerifier::firstMismatchIndices(const MismatchScan &whole,
                                                const std::function<ScanFrom> &scanFrom,
                                                std::vector<std::uint64_t> &indices)
{
    indices.clear();
    if (whole.count == 0)
        return {};
    indices.push_back(whole.firstIndex);
    const std::uint64_t wanted = std::min<std::uint64_t>(whole.count, kShownMismatches);
    while (indices.size() < wanted) {
        MismatchScan rest;
        if (CudaStatus scanned = scanFrom(indices.back() + 1, rest); !scanned)
            return scanned;
        if (rest.count == 0)
            break; // only if the output changed between passes; show what was found
        indices.push_back(rest.firstIndex);
    }
    return {};
}

CudaStatus DeviceVerifier::scan(const DeviceOutput &actual, CUdeviceptr reference,
                                const OutputTolerance &tolerance, std::uint64_t begin,
                                CUstream stream, MismatchScan &found)
{
    CUfunction function = nullptr;
    if (CudaStatus built = kernelFor(actual.type, function); !built)
        return built;
    if (!m_counters.allocated())
        if (CudaStatus allocated = m_counters.allocate(2 * sizeof(unsigned long long)); !allocated)
            return allocated;
    unsigned long long counters[2] = {0, ~0ULL};
    if (CudaStatus cleared = m_counters.upload(counters, sizeof counters); !cleared)
        return cleared;

    CUdeviceptr got = actual.pointer;
    unsigned long long first = begin;
    unsigned long long count = actual.count;
    double atol = tolerance.atol;
    double rtol = tolerance.rtol;
    CUdeviceptr mismatchCount = m_counters.pointer();
    CUdeviceptr firstIndex = m_counters.pointer() + sizeof(unsigned long long);
    void *params[] = {&got, &reference, &first, &count, &atol, &rtol, &mismatchCount, &firstIndex};
    if (CudaStatus launched =
            m_driver->check(m_driver->launchKernel(function, m_blocks, 1, 1, kThreads, 1, 1, 0,
                                                   stream, params, nullptr),
                            "cuLaunchKernel (verification)");
        !launched)
        return launched;
    if (CudaStatus synced =
            m_driver->check(m_driver->streamSynchronize(stream), "cuStreamSynchronize");
        !synced)
        return synced;
    if (CudaStatus read = m_counters.download(counters, sizeof counters); !read)
        return read;
    found = {counters[0], counters[1]};
    return {};
}

CudaStatus DeviceVerifier::compare(const DeviceOutput &actual, CUdeviceptr reference,
                                   const OutputTolerance &tolerance, CUstream stream,
                                   std::string &mismatch)
{
    mismatch.clear();
    MismatchScan whole;
    if (CudaStatus scanned = scan(actual, reference, tolerance, 0, stream, whole); !scanned)
        return scanned;
    const std::uint64_t allowed = tolerance.maxMismatches.of(actual.count);
    if (whole.count <= allowed)
        return {};
    // A failing output only: up to two more passes, each from just past the last index found.
    std::vector<std::uint64_t> indices;
    const auto scanFrom = [&](std::uint64_t begin, MismatchScan &rest) {
        return scan(actual, reference, tolerance, begin, stream, rest);
    };
    if (CudaStatus found = firstMismatchIndices(whole, scanFrom, indices); !found)
        return found;
    std::vector<ElementMismatch> first;
    for (std::uint64_t index : indices) {
        ElementMismatch element{index, 0, 0};
        if (CudaStatus read = elementAt(actual.pointer, actual.type, index, element.got); !read)
            return read;
        if (CudaStatus read = elementAt(reference, actual.type, index, element.expected); !read)
            return read;
        first.push_back(element);
    }
    mismatch = outputMismatchMessage(actual.name, tolerance.comparedWith, whole.count, actual.count,
                                     allowed, first);
    return {};
}

} // namespace tb
