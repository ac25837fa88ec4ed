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

} // namespace

Status writeNpy(const std::filesystem::path &file, std::optional<ElementType> type,
                const void *data, std::size_t bytes)
{
    std::string dtype = "|u1";
    std::uint64_t count = bytes;
    if (type)
        if (const auto known = npyDescr(*type); known && bytes % elementSize(*type) == 0) {
            dtype = *known;
            count = bytes / elementSize(*type);
        }
    const std::uint64_t shape[] = {count};
    const std::string header = NpyHeader::encode(dtype, shape);
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

} // namespace tb
