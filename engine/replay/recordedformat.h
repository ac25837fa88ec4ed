#pragma once

namespace tb {

// Which tool's file a recorded space was read from.
enum class RecordedFormat
{
    KernelTunerCache,   // Kernel Tuner's cache file: times in ms, failures as strings
    T4,                 // the community's results format (T4), times in its metadata's unit
    TunebenchWorkspace, // a run stored in a Tunebench workspace (SQLite), times in seconds
};

// "kernel_tuner_cache", "t4" or "tunebench_workspace": how the CLI, logs and exports name the
// format.
const char *toString(RecordedFormat format);

} // namespace tb
