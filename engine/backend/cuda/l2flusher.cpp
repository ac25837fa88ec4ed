#include "l2flusher.h"

#include "compile/nvrtccompiler.h"
#include "cudadriver.h"

#include <algorithm>

namespace tb {

namespace {

// __ldcg caches in L2 only: every load evicts a line of whatever the measured kernel left.
constexpr const char *kFlushKernel = R"(
extern "C" __global__ void tb_l2_flush(const int4 *data, unsigned long long count, int *sink)
{
    int4 acc = make_int4(0, 0, 0, 0);
    const unsigned long long stride = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
    for (unsigned long long i = blockIdx.x * static_cast<unsigned long long>(blockDim.x) +
                                threadIdx.x;
         i < count; i += stride) {
        const int4 value = __ldcg(data + i);
        acc.x ^= value.x;
        acc.y ^= value.y;
        acc.z ^= value.z;
        acc.w ^= value.w;
    }
    if ((acc.x & acc.y & acc.z & acc.w) == 0x5a5a5a5a)
        *sink = acc.x;
}
)";

constexpr unsigned int kThreads = 512;

} // namespace

CudaStatus L2Flusher::prepare(std::size_t l2Bytes, int smCount, const NvrtcCompiler &compiler)
{
    const std::size_t bytes = std::max<std::size_t>(2 * l2Bytes, std::size_t(1) << 20);
    if (CudaStatus allocated = m_scratch.allocate(bytes); !allocated)
        return allocated;
    if (CudaStatus allocated = m_sink.allocate(sizeof(int)); !allocated)
        return allocated;
    if (CudaStatus zeroed =
            m_driver->check(m_driver->memsetD8(m_scratch.pointer(), 0, bytes), "cuMemsetD8");
        !zeroed)
        return zeroed;
    m_vectors = bytes / 16;
    m_blocks = static_cast<unsigned int>(std::max(1, smCount) * 4);

    KernelSource source;
    source.code = kFlushKernel;
    source.entry = "tb_l2_flush";
    source.language = "cuda";
    const CudaBuild build = compiler.build(source, {}, Configuration{});
    if (!build.succeeded())
        return CudaFailure{ResultStatus::RuntimeError,
                           "cannot build the L2 flush kernel: " + build.errorMessage, false};
    std::string error;
    const auto image = readBinaryFile(build.cubinPath, &error);
    if (image.empty())
        return CudaFailure{ResultStatus::RuntimeError,
                           "cannot read " + build.cubinPath + ": " + error, false};
    return CudaModule::load(*m_driver, image, build.loweredName, m_module);
}

CudaStatus L2Flusher::flush(CUstream stream)
{
    CUdeviceptr data = m_scratch.pointer();
    CUdeviceptr sink = m_sink.pointer();
    void *params[] = {&data, &m_vectors, &sink};
    return m_driver->check(m_driver->launchKernel(m_module.function(), m_blocks, 1, 1, kThreads, 1,
                                                  1, 0, stream, params, nullptr),
                           "cuLaunchKernel (L2 flush)");
}

} // namespace tb
