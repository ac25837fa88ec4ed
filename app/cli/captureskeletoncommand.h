#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tb {

struct CaptureSkeletonCommandOptions
{
    std::string directory;             // the capture folder tunebench-capture wrote
    std::optional<std::size_t> launch; // --launch K; default: the first recorded launch
    bool force = false;                // --force: write DIR/spec.json again over the user's
};

// `tunebench-cli capture-skeleton DIR`: the capture's spec skeleton written as DIR/spec.json
// (tasks/captureskeletonfile.h); prints what is left to fill in and how to validate. Exit 3,
// as new-spec, for any failure: a folder that is not a capture, a hostile manifest, a capture
// without that launch, an existing spec.json without --force, a spec.json not writable.
int runCaptureSkeleton(const CaptureSkeletonCommandOptions &options);

} // namespace tb
