#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <filesystem>
#include <optional>

namespace tb {

// NumPy's dtype string of an element type ("<f4", "|u1", ...), or nullopt for one NumPy has no
// standard dtype for (bfloat16, float8).
std::optional<const char *> numpyDtype(ElementType type);

// Writes `bytes` bytes at `data` as a one-dimensional .npy (format 1.0, C order) of `type`;
// as |u1 bytes when `type` is nullopt, NumPy has no dtype for it, or `bytes` is not a multiple
// of its size. IoError naming the file when it cannot be written.
Status writeNpy(const std::filesystem::path &file, std::optional<ElementType> type,
                const void *data, std::size_t bytes);

} // namespace tb
