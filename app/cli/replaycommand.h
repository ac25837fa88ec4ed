#pragma once

#include "model/spec.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// `tunebench-cli tune --replay FILE`: a search replayed against a recorded space (a Kernel
// Tuner cache file, a T4 results file or a Tunebench workspace; gzip, xz or plain) instead of
// measured: no GPU, no workers, no workspace. Also `tune SPEC` for a spec with strategy.replay,
// or `tune SPEC --replay FILE`: the spec's search settings, replayed. For choosing a strategy
// and its budget, and for bench/strategies.
struct ReplayOptions
{
    std::string path;
    std::string strategy = "auto";         // as a spec that names none (search/strategychoice.h)
    std::vector<std::string> optionTexts;  // --option NAME=VALUE, as typed
    std::map<std::string, double> options; // parsed from them
    std::uint64_t seed = 1;
    std::size_t repeat = 1;      // seeds seed, seed+1, ...: one search each
    bool sampled = false;        // --noise: recorded samples as a run takes them, not the mean
    std::int64_t maxConfigs = 0; // evaluations, failures included; 0: no limit
    double maxSeconds = 0;       // recorded cost; 0: no limit
    std::int64_t stopAfterNoImprovement = 0;
    std::string tracePath; // JSON lines, one per search (bench/strategies' format)
    bool verbose = false;  // every evaluation, not only the improvements
    // Set when the search settings come from a spec (tune SPEC with strategy.replay or
    // --replay): the recorded space must have exactly the spec's parameters.
    std::string specName;
    std::vector<std::string> specParameters;
    // How a run samples, stops early and measures its finalists in rounds: the spec's, else
    // the defaults. Used with --noise.
    MeasurementSettings measurement;
};

int runReplay(const ReplayOptions &options);

} // namespace tb
