#pragma once

#include "model/expected.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tb {

// The header of a NumPy .npy file (format versions 1.0, 2.0 and 3.0): the magic string, the
// version, and a Python dictionary literal of the array's dtype ("descr"), memory order and
// shape. Data follows at dataOffset. Parsing trusts nothing: a hostile file gives an error.
struct NpyHeader
{
    // A header longer than this is refused (NumPy itself writes well under a kilobyte).
    static constexpr std::size_t kMaxHeaderBytes = std::size_t(1) << 20;

    int majorVersion = 1;
    int minorVersion = 0;
    std::string descr; // the dtype, e.g. "<f4", "|u1"
    bool fortranOrder = false;
    std::vector<std::uint64_t> shape; // empty for a 0-d array (one element)
    std::size_t dataOffset = 0;       // bytes from the file's start to the first element

    // Parses the header at the start of `file` (the whole file or at least its header).
    // InvalidSpec saying what is wrong: no magic string, an unknown version, a header that
    // runs past the end, a dictionary that does not parse, a missing or unknown key.
    static Expected<NpyHeader> parse(std::span<const unsigned char> file);

    // A version 1.0 header (with its magic string) for a C-order array, padded with spaces so
    // the data starts at a multiple of 64 bytes, as NumPy writes it.
    static std::string encode(const std::string &descr, std::span<const std::uint64_t> shape);

    // The product of shape (1 for a 0-d array); nullopt when it overflows 64 bits.
    std::optional<std::uint64_t> elementCount() const;
    // "(1000, 3)", "(1000,)", "()": the shape as Python prints it.
    std::string shapeText() const;
};

} // namespace tb
