#pragma once

#include "model/expected.h"

#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace tb {

// What a bench worker changed on its GPU and what to put back, in a file of its own that lives
// from the first change until the settings are restored. Whoever restores after the worker is
// gone (its scope keeper's `tunebench-worker --restore-gpu-settings`, or the next CUDA worker
// on the machine) finds it here. No NVML: the file alone.
struct GpuSettingsRecord
{
    pid_t pid = 0;        // the worker that changed the settings
    std::string pciBusId; // NVML's handle for the GPU
    bool clocksLocked = false;
    std::optional<unsigned> originalPowerLimitMw; // set once the limit was changed

    // <cacheDirectory>/gpu-settings: records sit beside the builds of the same machine.
    static std::string directoryFor(const std::string &cacheDirectory);
    // <directory>/<pid>.settings
    std::string pathIn(const std::string &directory) const;

    // Replaces the file atomically: a reader sees the old record or the new one.
    Status save(const std::string &directory) const;
    static Expected<GpuSettingsRecord> load(const std::string &path);
    // The records in `directory` whose worker is no longer alive: left by a worker that was
    // killed before it could restore. Empty when the directory does not exist.
    static std::vector<std::string> leftoversIn(const std::string &directory);
};

} // namespace tb
