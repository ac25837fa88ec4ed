#include "captureskeletonfile.h"

#include "backend/common/atomicfile.h"
#include "capture/capturemanifestreader.h"
#include "capture/captureskeleton.h"
#include "startingspecfile.h"

#include <filesystem>

namespace tb {

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

// A gap is still left where the user's spec holds what the skeleton put there.
std::vector<SpecGuess> stillLeft(const StartingSpec &skeleton, const std::string &specPath)
{
    const auto text = readTextFile(specPath);
    const ordered_json users = text ? ordered_json::parse(*text, nullptr, false) : ordered_json();
    if (users.is_discarded() || !users.is_object())
        return skeleton.toCheck; // not JSON yet: nothing of it can be said to be filled
    std::vector<SpecGuess> left;
    for (const SpecGuess &gap : skeleton.toCheck) {
        const ordered_json::json_pointer pointer(gap.pointer);
        if (skeleton.document.contains(pointer) && users.contains(pointer) &&
            users.at(pointer) == skeleton.document.at(pointer))
            left.push_back(gap);
    }
    return left;
}

std::string withCaptureMessages(std::string message, const std::vector<std::string> &messages)
{
    for (const std::string &line : messages)
        message += "\n" + line;
    return message;
}

} // namespace

Expected<CaptureSpecFile> writeCaptureSkeleton(const CaptureSkeletonRequest &request)
{
    auto manifest = readCaptureManifest(request.directory);
    if (!manifest)
        return manifest.error();
    auto skeleton = captureSkeleton(*manifest, {request.launch});
    if (!skeleton)
        return makeError(skeleton.error().code,
                         withCaptureMessages(request.directory + ": " + skeleton.error().message,
                                             manifest->messages));
    CaptureSpecFile file;
    file.specPath = (fs::path(request.directory) / "spec.json").string();
    file.kernel = manifest->launches[request.launch.value_or(0)].kernel;
    file.complete = manifest->complete;
    file.messages = manifest->messages;
    StartingSpec spec{ordered_json::parse(skeleton->specJson), {}};
    for (const SkeletonGap &gap : skeleton->left)
        spec.toCheck.push_back({gap.pointer, gap.what});
    std::error_code error;
    if (request.existing == ExistingCaptureSpec::Keep && fs::exists(file.specPath, error)) {
        file.left = stillLeft(spec, file.specPath);
        return file;
    }
    const bool overwrite = request.existing == ExistingCaptureSpec::Overwrite;
    if (Status written = writeStartingSpec(spec, file.specPath, overwrite); !written)
        return written.error();
    file.written = true;
    file.left = std::move(spec.toCheck);
    return file;
}

std::string describeCaptureSpec(const CaptureSpecFile &file)
{
    std::string text;
    if (!file.complete) {
        text += "The capture is incomplete:\n";
        for (const std::string &message : file.messages)
            text += "  " + message + "\n";
    }
    for (const SpecGuess &gap : file.left)
        text += "  " + gap.pointer + ": " + gap.why + "\n";
    return text;
}

} // namespace tb
