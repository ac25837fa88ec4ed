#include "devicepeaks.h"

#include <cstdio>

namespace tb {

int fp32LanesPerSm(int computeMajor, int computeMinor)
{
    const int arch = computeMajor * 10 + computeMinor;
    switch (arch) {
    case 50: // Maxwell
    case 52:
    case 53:
    case 61: // Pascal consumer
    case 62:
        return 128;
    case 60: // P100
    case 70: // Volta
    case 72:
    case 75: // Turing
    case 80: // A100
        return 64;
    case 86: // Ampere consumer, Orin, Ada, Hopper, Blackwell
    case 87:
    case 89:
    case 90:
    case 100:
    case 101:
    case 103:
    case 110:
    case 120:
    case 121:
        return 128;
    default:
        return 0;
    }
}

DevicePeaks devicePeaksOf(const DeviceRateFacts &facts)
{
    DevicePeaks peaks;
    const int lanes = fp32LanesPerSm(facts.computeMajor, facts.computeMinor);
    if (lanes > 0 && facts.smCount > 0 && facts.smClockKHz > 0) {
        peaks.flopsPerSecond = double(facts.smCount) * lanes * 2 * facts.smClockKHz * 1e3;
        peaks.flopsSource = kPeakFromDevice;
    }
    if (facts.memoryClockKHz > 0 && facts.memoryBusWidthBits > 0) {
        peaks.bytesPerSecond =
            double(facts.memoryClockKHz) * 1e3 * facts.memoryBusWidthBits * 2 / 8;
        peaks.bytesSource = kPeakFromDevice;
    }
    return peaks;
}

DevicePeaks effectivePeaks(const DevicePeaks &fromSpec, const DevicePeaks &fromDevice)
{
    DevicePeaks peaks = fromDevice;
    if (fromSpec.flopsPerSecond) {
        peaks.flopsPerSecond = fromSpec.flopsPerSecond;
        peaks.flopsSource = fromSpec.flopsSource;
    }
    if (fromSpec.bytesPerSecond) {
        peaks.bytesPerSecond = fromSpec.bytesPerSecond;
        peaks.bytesSource = fromSpec.bytesSource;
    }
    return peaks;
}

namespace {

// 66.9 T, 980 G: three significant digits with the largest prefix that keeps it >= 1.
std::string scaled(double value, const char *unit)
{
    static const struct
    {
        double factor;
        const char *prefix;
    } prefixes[] = {{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}};
    for (const auto &prefix : prefixes)
        if (value >= prefix.factor || prefix.factor == 1) {
            char text[64];
            std::snprintf(text, sizeof text, "%.3g %s%s", value / prefix.factor, prefix.prefix,
                          unit);
            return text;
        }
    return {};
}

} // namespace

std::string describePeaks(const DevicePeaks &peaks)
{
    std::string text;
    if (peaks.flopsPerSecond)
        text = scaled(*peaks.flopsPerSecond, "FLOP/s") + " FP32 (" + peaks.flopsSource + ")";
    if (peaks.bytesPerSecond)
        text += (text.empty() ? "" : ", ") + scaled(*peaks.bytesPerSecond, "B/s") + " DRAM (" +
                peaks.bytesSource + ")";
    return text.empty() ? "no peaks" : text;
}

} // namespace tb
