// libFuzzer target: any bytes as a capture folder's capture.json. The reader must answer every
// input with a manifest or an error, never crash, hang or leak; a manifest it accepts must read
// back the same from what the writer makes of it, and must make a skeleton or say why not.
#include "capture/capturemanifestreader.h"
#include "capture/capturemanifestwriter.h"
#include "capture/captureskeleton.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    // A folder that does not exist: paths are judged by their text, and nothing is read.
    const std::filesystem::path folder("/nonexistent-fuzz-capture");
    auto manifest = tb::parseCaptureManifest(text, folder);
    if (!manifest)
        return 0;
    const std::string written = tb::captureManifestJson(*manifest);
    auto again = tb::parseCaptureManifest(written, folder);
    if (!again || tb::captureManifestJson(*again) != written)
        std::abort(); // what was accepted once must read back the same
    auto skeleton = tb::captureSkeleton(*manifest);
    if (skeleton && skeleton->specJson.empty())
        std::abort();
    return 0;
}
