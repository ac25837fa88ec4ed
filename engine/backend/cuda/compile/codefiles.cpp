#include "codefiles.h"

#include "backend/common/atomicfile.h"

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <utility>

namespace tb {

namespace {

std::optional<std::string> readBinaryFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad())
        return std::nullopt;
    return bytes.str();
}

} // namespace

Status writeCodeFiles(const std::string &directory, const CudaBuild &build)
{
    const auto cubin = readBinaryFile(build.cubinPath);
    if (!cubin)
        return makeError(EngineError::Code::IoError, "cannot read " + build.cubinPath);
    const std::pair<const char *, const std::string *> texts[] = {{kCodePtxFile, &build.ptx},
                                                                  {kCodeTtirFile, &build.ttir},
                                                                  {kCodeTtgirFile, &build.ttgir},
                                                                  {kCodeLlirFile, &build.llir}};
    // Stale files of an earlier build must not pass for this one's.
    for (const auto &[file, text] : texts)
        std::remove((directory + "/" + file).c_str());
    if (Status written = writeFileAtomically(directory + "/" + kCodeCubinFile, *cubin); !written)
        return written;
    for (const auto &[file, text] : texts)
        if (!text->empty())
            if (Status written = writeFileAtomically(directory + "/" + file, *text); !written)
                return written;
    return writeFileAtomically(directory + "/" + kCodeEntryFile, build.loweredName);
}

} // namespace tb
