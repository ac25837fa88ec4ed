#pragma once

#include "compile/devicelimits.h"
#include "model/devicepeaks.h"
#include "model/expected.h"

#include <cuda.h>

#include <string>

namespace tb {

class CudaDriver;

// What the bench side knows of its GPU: identity plus the limits the launch checks and the
// occupancy calculation use (compile/devicelimits.h), read from the driver's attributes.
struct CudaDeviceInfo
{
    std::string name;          // "NVIDIA H100 80GB HBM3"
    std::string pciBusId;      // "0000:3B:00.0": how NVML finds the same device
    std::string uuid;          // "GPU-5c8e9a2d-1b3f-...": as nvidia-smi -L prints it
    int ordinal = 0;           // among the visible devices (CUDA_VISIBLE_DEVICES)
    DeviceLimits limits;       // computeMajor/Minor, SM count, L2 size, per-block and per-SM limits
    DeviceRateFacts rateFacts; // clocks and bus width: what its peaks are computed from
    DevicePeaks peaks;         // devicePeaksOf(rateFacts); empty where the driver gave no clocks

    // "sm_90"
    std::string arch() const;
    // "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)": what the worker's handshake reports.
    std::string description() const;
};

// "GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", the form nvidia-smi and CUDA_VISIBLE_DEVICES use.
std::string formatGpuUuid(const unsigned char (&bytes)[16]);

// Reads every field for `device`. Facts no attribute gives (register and shared-memory
// allocation units, register sub-partitions, barriers per SM) come from the built-in table of
// knownDeviceLimits for the device's architecture, or its defaults for an unknown one.
// BackendError naming the attribute when a query fails.
Expected<CudaDeviceInfo> queryDeviceInfo(const CudaDriver &driver, CUdevice device, int ordinal);

} // namespace tb
