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

// Whether the capture keeps `bytes` of `type` as a typed .npy: a type NumPy has (npyDescr) and a
// whole number of its elements. Other data is kept as raw bytes (.bin): a spec reads a raw file
// as whichever element type the user then gives the argument, where a |u1 .npy would not match.
bool keptAsNpy(std::optional<ElementType> type, std::size_t bytes);

// Writes captured data as `stem`.npy when keptAsNpy, else as `stem`.bin, the bytes alone;
// returns the path written. IoError naming the file when it cannot be written.
Expected<std::filesystem::path> writeCapturedData(const std::filesystem::path &stem,
                                                  std::optional<ElementType> type, const void *data,
                                                  std::size_t bytes);

} // namespace tb
