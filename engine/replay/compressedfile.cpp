#include "compressedfile.h"

#include "model/userfile.h"
#include "replay/xzfile.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace tb {

namespace {

bool isGzip(const std::string &bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b;
}

// Owns a zlib inflate stream, so that every return path ends it.
class Inflater
{
public:
    Inflater() { m_ok = inflateInit2(&m_stream, 16 + MAX_WBITS) == Z_OK; } // 16: gzip only
    ~Inflater()
    {
        if (m_ok)
            inflateEnd(&m_stream);
    }
    Inflater(const Inflater &) = delete;
    Inflater &operator=(const Inflater &) = delete;

    bool ok() const { return m_ok; }
    z_stream &stream() { return m_stream; }

private:
    z_stream m_stream{};
    bool m_ok = false;
};

Expected<std::string> inflateGzip(const std::string &compressed, const std::string &path)
{
    const auto fail = [&path](const std::string &what) {
        return makeError(EngineError::Code::IoError, "cannot read '" + path + "': " + what);
    };
    Inflater inflater;
    if (!inflater.ok())
        return fail("zlib could not start");
    z_stream &stream = inflater.stream();

    std::string text;
    char buffer[1 << 16];
    auto *next = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.data()));
    std::size_t left = compressed.size();
    for (;;) {
        if (stream.avail_in == 0 && left > 0) {
            const auto chunk = static_cast<uInt>(std::min<std::size_t>(left, UINT_MAX));
            stream.next_in = next;
            stream.avail_in = chunk;
            next += chunk;
            left -= chunk;
        }
        stream.next_out = reinterpret_cast<Bytef *>(buffer);
        stream.avail_out = sizeof buffer;
        const int status = inflate(&stream, Z_NO_FLUSH);
        text.append(buffer, sizeof buffer - stream.avail_out);
        if (text.size() > kMaxInflatedBytes)
            return fail("inflates to more than " + std::to_string(kMaxInflatedBytes >> 20) +
                        " MiB");
        if (status == Z_STREAM_END) {
            // gzip allows several members one after another (`cat a.gz b.gz`): read them all.
            if (stream.avail_in == 0 && left == 0)
                return text;
            if (inflateReset(&stream) != Z_OK)
                return fail("zlib could not read the next gzip member");
            continue;
        }
        if (status == Z_BUF_ERROR && stream.avail_in == 0 && left == 0)
            return fail("the gzip data is truncated");
        if (status != Z_OK && status != Z_BUF_ERROR)
            return fail(std::string("the gzip data is corrupt (") +
                        (stream.msg ? stream.msg : "zlib error " + std::to_string(status)) + ")");
    }
}

} // namespace

Expected<std::string> readPlainOrGzipFile(const std::string &path)
{
    auto bytes = readUserFile(path, "file", kMaxImportFileBytes);
    if (!bytes)
        return bytes.error();
    if (isGzip(*bytes))
        return inflateGzip(*bytes, path);
    if (hasXzMagic(*bytes))
        return inflateXz(*bytes, path);
    return bytes;
}

} // namespace tb
