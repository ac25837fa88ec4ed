#include "npywriter.h"

#include "data/npydtype.h"
#include "data/npyheader.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace tb {

namespace {

struct FileCloser
{
    void operator()(std::FILE *file) const { std::fclose(file); }
};

// `header` (may be empty), then the data.
Status writeFile(const std::filesystem::path &file, const std::string &header, const void *data,
                 std::size_t bytes)
{
    std::unique_ptr<std::FILE, FileCloser> out(std::fopen(file.c_str(), "wb"));
    const auto failed = [&] {
        return makeError(EngineError::Code::IoError,
                         "cannot write " + file.string() + ": " + std::strerror(errno));
    };
    if (!out)
        return failed();
    if (std::fwrite(header.data(), 1, header.size(), out.get()) != header.size() ||
        (bytes > 0 && std::fwrite(data, 1, bytes, out.get()) != bytes))
        return failed();
    if (std::fclose(out.release()) != 0)
        return failed();
    return ok();
}

} // namespace

bool keptAsNpy(std::optional<ElementType> type, std::size_t bytes)
{
    return type && npyDescr(*type) && bytes % elementSize(*type) == 0;
}

Status writeNpy(const std::filesystem::path &file, std::optional<ElementType> type,
                const void *data, std::size_t bytes)
{
    std::string dtype = "|u1";
    std::uint64_t count = bytes;
    if (keptAsNpy(type, bytes)) {
        dtype = *npyDescr(*type);
        count = bytes / elementSize(*type);
    }
    const std::uint64_t shape[] = {count};
    return writeFile(file, NpyHeader::encode(dtype, shape), data, bytes);
}

Expected<std::filesystem::path> writeCapturedData(const std::filesystem::path &stem,
                                                  std::optional<ElementType> type, const void *data,
                                                  std::size_t bytes)
{
    const bool typed = keptAsNpy(type, bytes);
    std::filesystem::path file = stem;
    file += typed ? ".npy" : ".bin";
    Status written = typed ? writeNpy(file, type, data, bytes) : writeFile(file, {}, data, bytes);
    if (!written)
        return written.error();
    return file;
}

} // namespace tb
