#pragma once

#include <optional>
#include <string>

namespace tb {

// What a device can do at best: its FP32 FLOP rate and its DRAM bandwidth, the roofs a result's
// FLOP/s and GB/s are judged against ("% of peak", the roofline). Each peak says where it came
// from: "device" (computed from what the driver says of the GPU, devicePeaksOf()) or "spec"
// (the spec's "peaks" object, which wins). A CPU run has none unless its spec gives them.
struct DevicePeaks
{
    std::optional<double> flopsPerSecond; // FP32, FMA counted as two operations
    std::optional<double> bytesPerSecond; // DRAM
    std::string flopsSource;              // "device" | "spec"; "" without a peak
    std::string bytesSource;

    bool empty() const { return !flopsPerSecond && !bytesPerSecond; }
    bool operator==(const DevicePeaks &) const = default;
};

inline constexpr const char *kPeakFromDevice = "device";
inline constexpr const char *kPeakFromSpec = "spec";

// The facts of a GPU the peaks are computed from, as the driver's attributes give them.
struct DeviceRateFacts
{
    int computeMajor = 0;
    int computeMinor = 0;
    int smCount = 0;
    int smClockKHz = 0;         // CU_DEVICE_ATTRIBUTE_CLOCK_RATE: the SM's peak (boost) clock
    int memoryClockKHz = 0;     // CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE: peak memory clock
    int memoryBusWidthBits = 0; // CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH
};

// FP32 lanes (CUDA cores) per SM of a compute capability, from NVIDIA's programming guide
// (arithmetic instructions' throughput table); 0 for an architecture it does not know.
int fp32LanesPerSm(int computeMajor, int computeMinor);

// SMs x FP32 lanes x 2 (an FMA is two FLOPs) x the SM clock; memory clock x bus width x 2
// (double data rate) / 8. A peak whose facts are missing (0) or whose architecture is unknown is
// left out. Sources are "device".
DevicePeaks devicePeaksOf(const DeviceRateFacts &facts);

// The peaks to judge a run by: each of the spec's where it gives one, else the device's.
DevicePeaks effectivePeaks(const DevicePeaks &fromSpec, const DevicePeaks &fromDevice);

// "66.9 TFLOP/s FP32 (device), 3.35 TB/s DRAM (spec)"; "no peaks" when empty.
std::string describePeaks(const DevicePeaks &peaks);

} // namespace tb
