#include "peaksreader.h"

namespace tb {

namespace {

// A peak given in the spec: a positive number in its unit, read as a rate per second.
std::optional<double> readPeak(JsonReader &reader, const Json &peaks, const std::string &path,
                               std::string_view key, double scale, const char *what)
{
    auto value = reader.number(peaks, path, key);
    if (!value)
        return std::nullopt;
    if (!(*value > 0)) {
        reader.report(JsonReader::child(path, key), "expected the device's " + std::string(what) +
                                                        " as a positive number, got " +
                                                        peaks.at(std::string(key)).dump());
        return std::nullopt;
    }
    return *value * scale;
}

} // namespace

// "peaks": {"gflops": 66900, "gbps": 3350}: the FP32 FLOP rate in GFLOP/s and the DRAM
// bandwidth in GB/s (10^9 bytes/s) the results are judged against; they win over the device's.
void PeaksReader::read(const Json &peaks, const std::string &path)
{
    if (!m_reader.object(peaks, path, {"gflops", "gbps"}))
        return;
    if (auto flops = readPeak(m_reader, peaks, path, "gflops", 1e9, "peak FP32 rate in GFLOP/s")) {
        m_spec.peaks.flopsPerSecond = flops;
        m_spec.peaks.flopsSource = kPeakFromSpec;
    }
    if (auto bytes = readPeak(m_reader, peaks, path, "gbps", 1e9, "DRAM bandwidth in GB/s")) {
        m_spec.peaks.bytesPerSecond = bytes;
        m_spec.peaks.bytesSource = kPeakFromSpec;
    }
}

} // namespace tb
