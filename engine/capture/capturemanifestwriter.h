#pragma once

#include "capturemanifest.h"
#include "model/expected.h"

#include <filesystem>
#include <string>

namespace tb {

// capture.json's text for `manifest`, as docs/capture-format.md gives it.
std::string captureManifestJson(const CaptureManifest &manifest);

// Writes DIR/capture.json whole or not at all (a temporary file renamed over it), so a capture
// the application's crash cuts short still leaves the last complete manifest.
Status writeCaptureManifest(const std::filesystem::path &directory,
                            const CaptureManifest &manifest);

} // namespace tb
