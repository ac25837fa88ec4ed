#include "xzfile.h"

#include "replay/compressedfile.h"

#include <cstdint>
#include <cstring>

#if TB_HAVE_LZMA
#include <lzma.h>
#endif

namespace tb {

bool hasXzMagic(std::string_view bytes)
{
    static constexpr char kMagic[] = {'\xfd', '7', 'z', 'X', 'Z', '\0'};
    return bytes.size() >= sizeof kMagic && std::memcmp(bytes.data(), kMagic, sizeof kMagic) == 0;
}

#if TB_HAVE_LZMA

namespace {

// Owns a liblzma stream, so that every return path ends it.
class XzDecoder
{
public:
    XzDecoder()
    {
        // No memory limit of liblzma's own: kMaxInflatedBytes bounds what comes out, and the
        // dictionary of any `xz` preset is at most 64 MiB. CONCATENATED: `cat a.xz b.xz` reads.
        m_ok = lzma_stream_decoder(&m_stream, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
    }
    ~XzDecoder() { lzma_end(&m_stream); }
    XzDecoder(const XzDecoder &) = delete;
    XzDecoder &operator=(const XzDecoder &) = delete;

    bool ok() const { return m_ok; }
    lzma_stream &stream() { return m_stream; }

private:
    lzma_stream m_stream = LZMA_STREAM_INIT;
    bool m_ok = false;
};

} // namespace

Expected<std::string> inflateXz(const std::string &compressed, const std::string &path)
{
    const auto fail = [&path](const std::string &what) {
        return makeError(EngineError::Code::IoError, "cannot read '" + path + "': " + what);
    };
    XzDecoder decoder;
    if (!decoder.ok())
        return fail("liblzma could not start");
    lzma_stream &stream = decoder.stream();
    stream.next_in = reinterpret_cast<const std::uint8_t *>(compressed.data());
    stream.avail_in = compressed.size();

    std::string bytes;
    char buffer[1 << 16];
    for (;;) {
        stream.next_out = reinterpret_cast<std::uint8_t *>(buffer);
        stream.avail_out = sizeof buffer;
        // All the input is there from the start, so FINISH at once: liblzma then tells a
        // truncated stream (BUF_ERROR) from one that needs more output room.
        const lzma_ret status = lzma_code(&stream, LZMA_FINISH);
        bytes.append(buffer, sizeof buffer - stream.avail_out);
        if (bytes.size() > kMaxInflatedBytes)
            return fail("inflates to more than " + std::to_string(kMaxInflatedBytes >> 20) +
                        " MiB");
        switch (status) {
        case LZMA_OK:
            continue;
        case LZMA_STREAM_END:
            return bytes;
        case LZMA_BUF_ERROR:
            return fail("the xz data is truncated");
        case LZMA_MEM_ERROR:
            return fail("liblzma ran out of memory");
        default:
            return fail("the xz data is corrupt (liblzma error " + std::to_string(status) + ")");
        }
    }
}

#else

Expected<std::string> inflateXz(const std::string &, const std::string &path)
{
    return makeError(EngineError::Code::IoError,
                     "cannot read '" + path +
                         "': it is xz-compressed and this build has no xz "
                         "support (liblzma-dev was not found when it was configured)",
                     "decompress it with `xz -dk` or compress it with gzip instead");
}

#endif

} // namespace tb
