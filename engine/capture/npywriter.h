#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <filesystem>
#include <optional>

namespace tb {

// Writes `bytes` bytes at `data` as a one-dimensional .npy (format 1.0, C order) of `type`,
// with engine/data's dtype names and header; as |u1 bytes when `type` is nullopt, NumPy has no
// dtype for it (npyDescr), or `bytes` is not a multiple of its size. IoError naming the file when
// it cannot be written.
Status writeNpy(const std::filesystem::path &file, std::optional<ElementType> type,
                const void *data, std::size_t bytes);

} // namespace tb
