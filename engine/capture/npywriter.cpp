#include "npywriter.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

namespace tb {

std::optional<const char *> numpyDtype(ElementType type)
{
    switch (type) {
    case ElementType::Int8:
        return "|i1";
    case ElementType::Int16:
        return "<i2";
    case ElementType::Int32:
        return "<i4";
    case ElementType::Int64:
        return "<i8";
    case ElementType::UInt8:
        return "|u1";
    case ElementType::UInt16:
        return "<u2";
    case ElementType::UInt32:
        return "<u4";
    case ElementType::UInt64:
        return "<u8";
    case ElementType::Float32:
        return "<f4";
    case ElementType::Float64:
        return "<f8";
    case ElementType::Float16:
        return "<f2";
    case ElementType::BFloat16:
    case ElementType::Float8E4M3:
    case ElementType::Float8E5M2:
        return std::nullopt;
    }
    return std::nullopt;
}

namespace {

// The header: magic, version 1.0, its length, then a dict padded with spaces to a multiple of
// 64 bytes and ended by a newline, as NumPy writes it.
std::string npyHeader(const char *dtype, std::size_t count)
{
    std::string dict = std::string("{'descr': '") + dtype +
                       "', 'fortran_order': False, 'shape': (" + std::to_string(count) + ",), }";
    const std::size_t unpadded = 10 + dict.size() + 1;
    dict.append((64 - unpadded % 64) % 64, ' ');
    dict.push_back('\n');
    std::string header("\x93NUMPY\x01\x00", 8);
    header.push_back(static_cast<char>(dict.size() & 0xff));
    header.push_back(static_cast<char>((dict.size() >> 8) & 0xff));
    return header + dict;
}

struct FileCloser
{
    void operator()(std::FILE *file) const { std::fclose(file); }
};

} // namespace

Status writeNpy(const std::filesystem::path &file, std::optional<ElementType> type,
                const void *data, std::size_t bytes)
{
    const char *dtype = "|u1";
    std::size_t count = bytes;
    if (type)
        if (const auto known = numpyDtype(*type); known && bytes % elementSize(*type) == 0) {
            dtype = *known;
            count = bytes / elementSize(*type);
        }
    const std::string header = npyHeader(dtype, count);
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
