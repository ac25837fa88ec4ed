#pragma once

#include "capturemanifest.h"
#include "model/expected.h"

#include <cstdint>
#include <filesystem>
#include <string_view>

namespace tb {

// The bounds a manifest's numbers must keep: a hostile or corrupt capture.json is refused with
// the JSON path of the value, never believed (a 2^60-byte allocation, a grid of 0).
inline constexpr std::uint64_t kMaxCapturedBytes = std::uint64_t(1) << 44;          // 16 TiB
inline constexpr std::uint64_t kMaxCapturedParameterBytes = 32764;                  // CUDA 12.1
inline constexpr std::uint32_t kMaxCapturedDynamicShared = std::uint32_t(16) << 20; // 16 MiB
inline constexpr int kMaxCapturedArguments = 8192;

// DIR/capture.json, checked as docs/capture-format.md gives it: every required field of its
// type, numbers within bounds, type names the spec knows, and every path relative to DIR and
// inside it (no absolute path, no "..", no symbolic link out). An error names the folder, the
// JSON path ("launches[2].arguments[0].before") and what is wrong. Keys it does not know are
// ignored, so a newer writer's additions do not break it.
Expected<CaptureManifest> readCaptureManifest(const std::filesystem::path &directory);

// The same from capture.json's text; paths are checked against `directory`.
Expected<CaptureManifest> parseCaptureManifest(std::string_view text,
                                               const std::filesystem::path &directory);

} // namespace tb
