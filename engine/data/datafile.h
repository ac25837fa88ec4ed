#pragma once

#include "mappedfile.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstdint>
#include <span>
#include <string>

namespace tb {

// A buffer's or constant's contents read from a file: a NumPy .npy file, its dtype and element
// count checked against the argument, or (any other extension) raw little-endian elements of
// the argument's type. The file is memory-mapped, so filling a buffer from elements() is the
// one copy its data ever gets in a process.
class DataFile
{
public:
    // Opens `path` (absolute) as the `count` elements of `argument`. InvalidSpec naming the
    // argument, the file and (for .npy) its dtype and shape when it cannot serve: a dtype other
    // than the argument's type, big-endian, Fortran order, a truncated file, more or fewer
    // elements than `count` (both counts said). IoError when it cannot be opened.
    static Expected<DataFile> open(const std::string &path, const Argument &argument,
                                   std::uint64_t count);

    // Exactly count * elementSize(argument.type) bytes.
    std::span<const unsigned char> elements() const
    {
        return m_file.bytes().subspan(m_offset, m_length);
    }
    const std::string &path() const { return m_file.path(); }

    // Whether `path` names an .npy file (by its extension, in any case).
    static bool isNpy(const std::string &path);

private:
    static Expected<DataFile> checkedNpy(MappedFile file, const Argument &argument,
                                         std::uint64_t count, const std::string &described);
    static Expected<DataFile> checkedRaw(MappedFile file, const Argument &argument,
                                         std::uint64_t count, const std::string &described);
    DataFile(MappedFile file, std::size_t offset, std::size_t length)
        : m_file(std::move(file)), m_offset(offset), m_length(length)
    {}

    MappedFile m_file;
    std::size_t m_offset = 0;
    std::size_t m_length = 0;
};

// FNV-1a (64 bit, as backend/common's Fnv1a64, over the bytes alone) of a file's whole
// content, 16 hex digits: names the data a run measured on. IoError when it cannot be read.
Expected<std::string> dataFileHash(const std::string &path);

} // namespace tb
