#include "userfile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace tb {

namespace {

// Why a file of this type is refused, or nullptr for a regular file.
const char *notRegularReason(mode_t mode)
{
    if (S_ISREG(mode))
        return nullptr;
    if (S_ISDIR(mode))
        return "is a directory";
    if (S_ISFIFO(mode))
        return "is a FIFO (named pipe), not a regular file";
    if (S_ISCHR(mode))
        return "is a character device, not a regular file";
    if (S_ISBLK(mode))
        return "is a block device, not a regular file";
    if (S_ISSOCK(mode))
        return "is a socket, not a regular file";
    return "is not a regular file";
}

EngineError cannotRead(const std::string &path, std::string_view what, const std::string &reason)
{
    return makeError(EngineError::Code::IoError,
                     "cannot read " + std::string(what) + " '" + path + "': " + reason);
}

} // namespace

std::string byteLimitText(std::size_t bytes)
{
    if (bytes >= (std::size_t(1) << 30) && bytes % (std::size_t(1) << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

Expected<UserFile> UserFile::open(const std::string &path, std::string_view what)
{
    // stat first: a device is refused without being opened (opening one can have effects).
    struct stat info = {};
    if (::stat(path.c_str(), &info) != 0)
        return cannotRead(path, what, std::strerror(errno));
    if (const char *reason = notRegularReason(info.st_mode))
        return cannotRead(path, what, reason);
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return cannotRead(path, what, std::strerror(errno));
    UserFile file(fd, 0);
    // Again on what was opened: the path may have been replaced since the stat.
    if (::fstat(fd, &info) != 0)
        return cannotRead(path, what, std::strerror(errno));
    if (const char *reason = notRegularReason(info.st_mode))
        return cannotRead(path, what, reason);
    file.m_size = static_cast<std::uint64_t>(info.st_size);
    return file;
}

UserFile::UserFile(UserFile &&other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_size(other.m_size)
{}

UserFile &UserFile::operator=(UserFile &&other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = std::exchange(other.m_fd, -1);
        m_size = other.m_size;
    }
    return *this;
}

UserFile::~UserFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

int UserFile::release()
{
    return std::exchange(m_fd, -1);
}

Expected<std::string> readUserFile(const std::string &path, std::string_view what,
                                   std::size_t limit)
{
    auto file = UserFile::open(path, what);
    if (!file)
        return file.error();
    const std::string tooLarge = "larger than the limit of " + byteLimitText(limit);
    if (file->size() > limit)
        return cannotRead(path, what, tooLarge);
    std::string bytes;
    bytes.resize(static_cast<std::size_t>(file->size()));
    std::size_t filled = 0;
    char spare[4096];
    for (;;) {
        // Read into the string up to its size, then into `spare` to notice a file that grew.
        const bool intoBytes = filled < bytes.size();
        char *target = intoBytes ? bytes.data() + filled : spare;
        const std::size_t room = intoBytes ? bytes.size() - filled : sizeof spare;
        const ssize_t count = ::read(file->fd(), target, room);
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            return cannotRead(path, what, std::strerror(errno));
        if (count == 0)
            break;
        if (!intoBytes)
            bytes.append(spare, static_cast<std::size_t>(count));
        filled += static_cast<std::size_t>(count);
        if (filled > limit)
            return cannotRead(path, what, tooLarge);
    }
    bytes.resize(filled);
    return bytes;
}

} // namespace tb
