#include "mappedfile.h"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tb {

namespace {

EngineError ioError(const std::string &path, const std::string &problem)
{
    return makeError(EngineError::Code::IoError, "data file '" + path + "': " + problem);
}

// Closes the descriptor however open() leaves: the mapping stays valid without it.
class Descriptor
{
public:
    explicit Descriptor(int fd) : m_fd(fd) {}
    Descriptor(const Descriptor &) = delete;
    Descriptor &operator=(const Descriptor &) = delete;
    ~Descriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    int get() const { return m_fd; }

private:
    int m_fd;
};

} // namespace

Expected<MappedFile> MappedFile::open(const std::string &path)
{
    const Descriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (file.get() < 0)
        return ioError(path, std::strerror(errno));
    struct stat info
    {};
    if (::fstat(file.get(), &info) != 0)
        return ioError(path, std::strerror(errno));
    if (!S_ISREG(info.st_mode))
        return ioError(path, "not a regular file");
    const auto size = static_cast<std::size_t>(info.st_size);
    if (size == 0)
        return MappedFile(path, nullptr, 0); // mmap refuses a length of 0
    void *data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.get(), 0);
    if (data == MAP_FAILED)
        return ioError(path, std::string("cannot map it: ") + std::strerror(errno));
    // Buffers are filled from the start to the end once: read ahead.
    (void)::madvise(data, size, MADV_SEQUENTIAL);
    return MappedFile(path, static_cast<const unsigned char *>(data), size);
}

MappedFile::MappedFile(std::string path, const unsigned char *data, std::size_t size)
    : m_path(std::move(path)), m_data(data), m_size(size)
{}

MappedFile::MappedFile(MappedFile &&other) noexcept
    : m_path(std::move(other.m_path)), m_data(std::exchange(other.m_data, nullptr)),
      m_size(std::exchange(other.m_size, 0))
{}

MappedFile &MappedFile::operator=(MappedFile &&other) noexcept
{
    if (this != &other) {
        unmap();
        m_path = std::move(other.m_path);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
    }
    return *this;
}

MappedFile::~MappedFile()
{
    unmap();
}

void MappedFile::unmap()
{
    if (m_data)
        ::munmap(const_cast<unsigned char *>(m_data), m_size);
    m_data = nullptr;
    m_size = 0;
}

} // namespace tb
