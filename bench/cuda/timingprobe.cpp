// tb_timing_probe: measures one configuration of a CUDA spec with Tunebench's own CudaBackend
// and prints one JSON line. bench/cuda/timing_fidelity.py runs it plainly (CUPTI timing) and
// under Nsight Compute (which takes CUPTI, so the backend falls back to events) to compare
// Tunebench's median with ncu's gpu__time_duration.sum of the very same launches.
//
//   tb_timing_probe SPEC CONFIG_KEY SIZE_INDEX CACHE_DIR [--samples N] [--no-verify]
#include "backend/cuda/cudabackend.h"
#include "model/resultfigure.h"
#include "spec/specloader.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace {

// "BLOCK=128,VEC=4" -> values in the spec's parameter order.
bool parseKey(const tb::Spec &spec, const std::string &key, tb::Configuration &config)
{
    config.values.assign(spec.parameters.size(), 0);
    std::vector<bool> seen(spec.parameters.size(), false);
    std::stringstream list(key);
    std::string item;
    while (std::getline(list, item, ',')) {
        const auto equals = item.find('=');
        if (equals == std::string::npos)
            return false;
        for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
            if (spec.parameters[i].name == item.substr(0, equals)) {
                config.values[i] = std::atof(item.c_str() + equals + 1);
                seen[i] = true;
            }
        }
    }
    for (bool found : seen)
        if (!found)
            return false;
    return true;
}

// Every sample, so the benchmark can look at their resolution and spread.
std::string sampleList(const tb::Result &result)
{
    std::string list;
    char number[32];
    for (const double sample : result.samples) {
        std::snprintf(number, sizeof number, "%s%.9g", list.empty() ? "" : ", ", sample);
        list += number;
    }
    return list;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 5) {
        std::fprintf(stderr,
                     "usage: %s SPEC CONFIG_KEY SIZE_INDEX CACHE_DIR [--samples N] "
                     "[--no-verify]\n",
                     argv[0]);
        return 2;
    }
    tb::SpecLoader loader;
    auto spec = loader.loadFile(argv[1]);
    if (!spec) {
        std::fprintf(stderr, "%s\n", spec.error().toString().c_str());
        return 3;
    }
    for (int i = 5; i < argc; ++i) {
        if (std::strcmp(argv[i], "--samples") == 0 && i + 1 < argc) {
            const int samples = std::atoi(argv[++i]);
            spec->measurement.minSamples = samples;
            spec->measurement.maxSamples = samples;
            spec->measurement.maxSecondsPerConfig = 60;
        } else if (std::strcmp(argv[i], "--no-verify") == 0) {
            spec->verification.reference.reset(); // only this config's kernel is launched
        }
    }
    tb::Configuration config;
    if (!parseKey(*spec, argv[2], config)) {
        std::fprintf(stderr, "bad configuration key '%s'\n", argv[2]);
        return 3;
    }
    tb::CudaBackend backend(argv[4]);
    if (auto status = backend.prepare(*spec); !status) {
        std::fprintf(stderr, "%s\n", status.error().toString().c_str());
        return 1;
    }
    const auto result =
        backend.evaluate(config, std::strtoul(argv[3], nullptr, 10), tb::kNoStopAbove);
    const auto resource = [&](const char *key) { return result.resource(key).value_or(-1.0); };
    std::printf("{\"status\": \"%s\", \"timer\": \"%s\", \"median_s\": %.9g, \"min_s\": %.9g, "
                "\"samples\": %d, \"event_median_s\": %.9g, \"sm_clock_mhz\": %g, "
                "\"throttled\": %g, \"sm_clock_effective_mhz\": %g, \"message\": \"%s\", "
                "\"samples_s\": [%s]}\n",
                std::string(tb::toString(result.status)).c_str(), result.timer.c_str(),
                result.summary.median, result.summary.min, result.summary.count,
                resource(tb::figures::kEventMedianSeconds), resource(tb::figures::kSmClockMhz),
                resource(tb::figures::kThrottled), resource(tb::figures::kSmClockEffectiveMhz),
                result.status == tb::ResultStatus::Ok ? "" : "see stderr",
                sampleList(result).c_str());
    if (result.status != tb::ResultStatus::Ok)
        std::fprintf(stderr, "%s\n", result.message.c_str());
    return result.status == tb::ResultStatus::Ok ? 0 : 1;
}
