#pragma once

#include "model/expected.h"

#include <cstddef>
#include <string>

namespace tb {

// The bytes of a file, inflated when it is gzip- or xz-compressed (told by its magic bytes, not
// its name, so "space.json" that is really gzip reads too). Fails with IoError when the file
// cannot be read or its compressed data is corrupt or truncated (xz: or this build lacks
// liblzma).
Expected<std::string> readPlainOrGzipFile(const std::string &path);

// Inflated files larger than this are refused: a recorded space is tens of MB, and a few KB of
// gzip can inflate to gigabytes.
inline constexpr std::size_t kMaxInflatedBytes = std::size_t(1) << 30;

} // namespace tb
