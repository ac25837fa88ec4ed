#include "cudadeviceinfo.h"

#include "cudadriver.h"

#include <utility>

namespace tb {

namespace {

// Reads attributes into fields of any integer type; remembers the first that fails.
class AttributeReader
{
public:
    AttributeReader(const CudaDriver &driver, CUdevice device) : m_driver(driver), m_device(device)
    {}

    template <typename Field>
    void operator()(CUdevice_attribute attribute, Field &field, const char *name)
    {
        if (!m_failure.empty())
            return;
        int value = 0;
        if (const CUresult code = m_driver.deviceGetAttribute(&value, attribute, m_device);
            code != CUDA_SUCCESS) {
            m_failure = std::string("cuDeviceGetAttribute(") + name +
                        ") failed: " + m_driver.errorText(code);
            return;
        }
        field = static_cast<Field>(value);
    }

    const std::string &failure() const { return m_failure; }

private:
    const CudaDriver &m_driver;
    CUdevice m_device;
    std::string m_failure;
};

void readLimits(AttributeReader &read, DeviceLimits &limits)
{
    read(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, limits.smCount, "multiprocessors");
    read(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, limits.l2CacheBytes, "L2 size");
    read(CU_DEVICE_ATTRIBUTE_WARP_SIZE, limits.warpSize, "warp size");
    read(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, limits.maxThreadsPerBlock, "threads/block");
    read(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, limits.maxThreadsPerSm, "threads/SM");
    read(CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR, limits.maxBlocksPerSm, "blocks/SM");
    read(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR, limits.maxRegistersPerSm, "regs/SM");
    read(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, limits.maxRegistersPerBlock, "regs/block");
    read(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, limits.maxSharedPerSm,
         "smem/SM");
    read(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, limits.maxSharedPerBlock, "smem/block");
    read(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, limits.maxSharedPerBlockOptin,
         "smem/block opt-in");
    read(CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, limits.reservedSharedPerBlock,
         "reserved smem/block");
    read(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, limits.maxBlockDim[0], "block x");
    read(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, limits.maxBlockDim[1], "block y");
    read(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, limits.maxBlockDim[2], "block z");
    read(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, limits.maxGridDim[0], "grid x");
    read(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, limits.maxGridDim[1], "grid y");
    read(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, limits.maxGridDim[2], "grid z");
}

// The facts the peaks are computed from. Optional: CUDA 13 dropped the clocks from the runtime's
// cudaDeviceProp, and a driver that stops reporting an attribute costs the peaks, not the run;
// a failed query leaves its fact 0, which devicePeaksOf() takes as unknown.
DeviceRateFacts readRateFacts(const CudaDriver &driver, CUdevice device, const DeviceLimits &limits)
{
    DeviceRateFacts facts;
    facts.computeMajor = limits.computeMajor;
    facts.computeMinor = limits.computeMinor;
    facts.smCount = limits.smCount;
    const auto read = [&](CUdevice_attribute attribute, int &field) {
        int value = 0;
        if (driver.deviceGetAttribute(&value, attribute, device) == CUDA_SUCCESS && value > 0)
            field = value;
    };
    read(CU_DEVICE_ATTRIBUTE_CLOCK_RATE, facts.smClockKHz);
    read(CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, facts.memoryClockKHz);
    read(CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, facts.memoryBusWidthBits);
    return facts;
}

} // namespace

std::string formatGpuUuid(const unsigned char (&bytes)[16])
{
    static const char *digits = "0123456789abcdef";
    std::string text = "GPU-";
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            text += '-';
        text += digits[bytes[i] >> 4];
        text += digits[bytes[i] & 0xf];
    }
    return text;
}

std::string CudaDeviceInfo::arch() const
{
    return "sm_" + std::to_string(limits.computeMajor * 10 + limits.computeMinor);
}

std::string CudaDeviceInfo::description() const
{
    return name + " (" + arch() + ", " + std::to_string(limits.smCount) + " SMs)";
}

Expected<CudaDeviceInfo> queryDeviceInfo(const CudaDriver &driver, CUdevice device, int ordinal)
{
    CudaDeviceInfo info;
    info.ordinal = ordinal;
    char text[256] = {};
    if (const CUresult code = driver.deviceGetName(text, sizeof text - 1, device);
        code != CUDA_SUCCESS)
        return makeError(EngineError::Code::BackendError, "cannot read the GPU's name",
                         driver.errorText(code));
    info.name = text;
    char busId[64] = {};
    if (const CUresult code = driver.deviceGetPciBusId(busId, sizeof busId - 1, device);
        code != CUDA_SUCCESS)
        return makeError(EngineError::Code::BackendError, "cannot read the GPU's PCI bus id",
                         driver.errorText(code));
    info.pciBusId = busId;
    CUuuid uuid = {};
    if (const CUresult code = driver.deviceGetUuid(&uuid, device); code != CUDA_SUCCESS)
        return makeError(EngineError::Code::BackendError, "cannot read the GPU's UUID",
                         driver.errorText(code));
    unsigned char bytes[16];
    for (int i = 0; i < 16; ++i)
        bytes[i] = static_cast<unsigned char>(uuid.bytes[i]);
    info.uuid = formatGpuUuid(bytes);

    AttributeReader read(driver, device);
    int major = 0;
    int minor = 0;
    read(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, major, "compute capability major");
    read(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, minor, "compute capability minor");
    const std::string arch = "sm_" + std::to_string(major * 10 + minor);
    if (auto known = knownDeviceLimits(arch))
        info.limits = std::move(*known);
    info.limits.computeMajor = major;
    info.limits.computeMinor = minor;
    info.limits.name = info.name;
    readLimits(read, info.limits);
    if (!read.failure().empty())
        return makeError(EngineError::Code::BackendError, "cannot read the GPU's limits",
                         read.failure());
    info.rateFacts = readRateFacts(driver, device, info.limits);
    info.peaks = devicePeaksOf(info.rateFacts);
    return info;
}

} // namespace tb
