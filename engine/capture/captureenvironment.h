#pragma once

// How tunebench-capture tells the injection library inside the application what to record:
// environment variables, the library having no command line of its own.
namespace tb::captureenv {
inline constexpr char kDirectory[] = "TUNEBENCH_CAPTURE_DIR";      // the capture folder
inline constexpr char kKernel[] = "TUNEBENCH_CAPTURE_KERNEL";      // a regular expression
inline constexpr char kLaunches[] = "TUNEBENCH_CAPTURE_LAUNCHES";  // of each matching kernel
inline constexpr char kMaxBytes[] = "TUNEBENCH_CAPTURE_MAX_BYTES"; // of one pointer's memory
} // namespace tb::captureenv
