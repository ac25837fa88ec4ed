#pragma once

#include "model/expected.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tb {

// Every file a user names (a spec, a kernel source, a file to import) is read through here:
// a device (/dev/zero), a FIFO or a directory is refused before it is read, and a regular file
// is read only up to a limit. Reading /dev/zero whole ends in std::bad_alloc, and opening a FIFO
// blocks until a writer comes, past Ctrl-C's clean stop.
inline constexpr std::size_t kMaxSpecFileBytes = std::size_t(64) << 20;  // spec, kernel source
inline constexpr std::size_t kMaxImportFileBytes = std::size_t(1) << 30; // a recorded space

// A regular file, open for reading; closes it. Opened without blocking (O_NONBLOCK, so a FIFO
// swapped in after the check cannot hang the open) and checked again on the descriptor.
class UserFile
{
public:
    // `what` names the file in errors: "cannot read spec file 'x': is a FIFO ...". IoError
    // when it cannot be opened or is not a regular file.
    static Expected<UserFile> open(const std::string &path, std::string_view what);

    UserFile(UserFile &&other) noexcept;
    UserFile &operator=(UserFile &&other) noexcept;
    UserFile(const UserFile &) = delete;
    UserFile &operator=(const UserFile &) = delete;
    ~UserFile();

    int fd() const { return m_fd; }
    // Hands the descriptor over (to zlib's gzdopen, say); this object no longer closes it.
    int release();
    std::uint64_t size() const { return m_size; }

private:
    UserFile(int fd, std::uint64_t size) : m_fd(fd), m_size(size) {}

    int m_fd = -1;
    std::uint64_t m_size = 0;
};

// The whole file, refused (IoError, naming the file and why) when it is not a regular file or
// holds more than `limit` bytes.
Expected<std::string> readUserFile(const std::string &path, std::string_view what,
                                   std::size_t limit);

// "64 MiB": how the limits read in messages.
std::string byteLimitText(std::size_t bytes);

} // namespace tb
