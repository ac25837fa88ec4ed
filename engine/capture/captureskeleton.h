#pragma once

#include "capturemanifest.h"
#include "model/expected.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// A field of the spec skeleton the capture could not fill: where (a JSON pointer into the
// spec) and what the user gives there, in a sentence.
struct SkeletonGap
{
    std::string pointer;
    std::string what;
};

// The spec a capture makes (docs/capture-format.md, "The spec skeleton"): its JSON text, in
// spec format 1, and what is left for the user to fill in. Its file paths are relative to the
// capture folder, where the skeleton is written as spec.json.
struct CaptureSkeleton
{
    std::string specJson;
    std::vector<SkeletonGap> left;
};

struct CaptureSkeletonOptions
{
    // Which of the manifest's launches; nullopt: the first.
    std::optional<std::size_t> launch;
};

// InvalidArgument when the manifest has no launch (the message names the kernels it saw) or
// has no launch of that index.
Expected<CaptureSkeleton> captureSkeleton(const CaptureManifest &manifest,
                                          const CaptureSkeletonOptions &options = {});

} // namespace tb
