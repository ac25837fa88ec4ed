#pragma once

#include "cudabuild.h"
#include "model/expected.h"

#include <optional>
#include <string>

namespace tb {

// The files of one cached NVRTC build, named after the build's hash in <cache>/cuda/:
// <hash>.cubin (the code) and <hash>.json (what the build reported: entry symbol, ptxas
// figures, log, arch, compile seconds). The json is published last, so its presence means the
// cubin is complete: a reader never sees half a build, whichever process wrote it.
class CubinCache
{
public:
    CubinCache(const std::string &cacheDirectory, const std::string &hash);

    std::string cubinPath() const;
    std::string metadataPath() const;

    // The build stored under this hash (cached = true, seconds = the original compile time),
    // or nothing when there is none or it cannot be read.
    std::optional<CudaBuild> load() const;

    // Creates <cache>/cuda when missing, writes the cubin, then the metadata of `build`.
    Status publish(const std::string &cubin, const CudaBuild &build) const;

private:
    std::string m_directory; // <cache>/cuda
    std::string m_stem;      // <cache>/cuda/<hash>
};

} // namespace tb
