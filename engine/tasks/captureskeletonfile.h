#pragma once

#include "model/expected.h"
#include "startingspec.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// The spec skeleton of a capture folder (docs/capture-format.md) written as DIR/spec.json, one
// policy for tunebench-capture (after the application exits), `tunebench-cli
// capture-skeleton` and the workbench's File > Open capture folder...

// What to do when DIR/spec.json exists: the user may have begun to fill it in.
enum class ExistingCaptureSpec
{
    Refuse,    // an IoError that says so (tunebench-capture, capture-skeleton)
    Overwrite, // capture-skeleton --force
    Keep,      // the workbench: open the user's, and say what of the skeleton is still left
};

struct CaptureSkeletonRequest
{
    std::string directory;             // the capture folder
    std::optional<std::size_t> launch; // which recorded launch; nullopt: the first
    ExistingCaptureSpec existing = ExistingCaptureSpec::Refuse;
};

struct CaptureSpecFile
{
    std::string specPath;              // DIR/spec.json
    bool written = false;              // false where an existing one was kept
    std::string kernel;                // the launch's demangled name
    bool complete = true;              // the capture's own word (capture.json's "complete")
    std::vector<std::string> messages; // what the capture says happened
    // What is left to fill in: the skeleton's gaps, less those a kept spec.json has filled.
    std::vector<SpecGuess> left;
};

// Reads DIR/capture.json, makes the skeleton and writes it, as `request.existing` says. An
// error names the folder and why: a hostile or broken manifest (its JSON path), a capture
// with no launch (and what the capture says happened), an existing spec.json refused.
Expected<CaptureSpecFile> writeCaptureSkeleton(const CaptureSkeletonRequest &request);

// The left items, one a line ("  /kernel/source: Give the kernel's .cu file..."), after the
// capture's messages when it is incomplete.
std::string describeCaptureSpec(const CaptureSpecFile &file);

} // namespace tb
