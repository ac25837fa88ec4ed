#pragma once

#include "model/expected.h"

#include <string>
#include <string_view>

namespace tb {

// True when `bytes` start with the xz magic (FD '7zXZ' 00).
bool hasXzMagic(std::string_view bytes);

// The inflated bytes of xz data read from `path` (concatenated streams read as one, as `xz -d`
// does). IoError naming the file when the data is corrupt or truncated, inflates past
// kMaxInflatedBytes, or this build has no liblzma (found at configure time: TB_HAVE_LZMA).
Expected<std::string> inflateXz(const std::string &compressed, const std::string &path);

} // namespace tb
