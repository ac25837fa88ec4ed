#pragma once

#include "model/expected.h"

#include <optional>
#include <string>

namespace tb {

// The whole file, or nothing when it cannot be read.
std::optional<std::string> readTextFile(const std::string &path);

// A name next to `path` that no other process or thread uses: <path>.<pid>.<n>.tmp
std::string temporaryPathFor(const std::string &path);

// Writes to a temporary name and renames it over `path`, so that readers (other workers sharing
// the cache) see either the old file or the complete new one, never a partial write.
Status writeFileAtomically(const std::string &path, const std::string &content);

} // namespace tb
