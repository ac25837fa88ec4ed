#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// How to run one spec. Empty optionals take the spec's own settings.
struct SessionOptions
{
    std::string workspacePath;
    std::string cacheDirectory;             // build cache; default: "<workspace>.cache"
    std::vector<std::string> workerCommand; // argv of tunebench-worker (launcher prefix first)
    int workers = 1;
    std::optional<std::string> strategy;
    std::optional<std::int64_t> maxConfigs; // per problem size
    std::optional<double> maxSeconds;       // whole run
    bool fresh = false;                     // new run even if an earlier one can be resumed
    std::string toolVersion;
    const std::atomic<bool> *stopRequested = nullptr; // polled; set from a signal handler or UI
};

} // namespace tb
