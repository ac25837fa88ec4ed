#include "captureskeletoncommand.h"

#include "exitcodes.h"
#include "storedrun.h"
#include "tasks/captureskeletonfile.h"

#include <cstdio>
#include <filesystem>

namespace tb {

int runCaptureSkeleton(const CaptureSkeletonCommandOptions &options)
{
    // The user may have begun to fill it in: replaced only on purpose.
    const auto existing = std::filesystem::path(options.directory) / "spec.json";
    std::error_code error;
    if (!options.force && std::filesystem::exists(existing, error))
        return reportCliError(
            makeError(EngineError::Code::InvalidArgument,
                      existing.string() + " exists: --force writes the skeleton over it"),
            exitcode::kInvalidInput);
    CaptureSkeletonRequest request{options.directory, options.launch,
                                   ExistingCaptureSpec::Overwrite};
    auto file = writeCaptureSkeleton(request);
    if (!file)
        return reportCliError(file.error(), exitcode::kInvalidInput);
    std::printf("wrote %s: the spec skeleton of %s\n", file->specPath.c_str(),
                file->kernel.c_str());
    if (!file->left.empty() || !file->complete)
        std::printf("left to fill in (JSON pointer: what) before you tune:\n%s",
                    describeCaptureSpec(*file).c_str());
    std::printf("then: tunebench-cli validate %s\n", file->specPath.c_str());
    return exitcode::kSuccess;
}

} // namespace tb
