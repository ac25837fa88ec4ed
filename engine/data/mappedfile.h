#pragma once

#include "model/expected.h"

#include <cstddef>
#include <span>
#include <string>

namespace tb {

// A file mapped read-only into memory: its bytes are read from the page cache as they are
// touched, so a data file of gigabytes costs no copy and no memory of its own until a buffer is
// filled from it. Move-only; unmapped when destroyed.
class MappedFile
{
public:
    // IoError naming the path when it cannot be opened, is not a regular file or cannot be
    // mapped. An empty file maps to no bytes.
    static Expected<MappedFile> open(const std::string &path);

    MappedFile(MappedFile &&other) noexcept;
    MappedFile &operator=(MappedFile &&other) noexcept;
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;
    ~MappedFile();

    std::span<const unsigned char> bytes() const { return {m_data, m_size}; }
    const std::string &path() const { return m_path; }

private:
    MappedFile(std::string path, const unsigned char *data, std::size_t size);
    void unmap();

    std::string m_path;
    const unsigned char *m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace tb
