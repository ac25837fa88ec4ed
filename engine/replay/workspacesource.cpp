#include "workspacesource.h"

#include "model/userfile.h"
#include "replay/compressedfile.h"
#include "replay/xzfile.h"

#include <zlib.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>
#include <unistd.h>
#include <utility>
#include <vector>

namespace tb {

namespace {

// The first 16 bytes of every SQLite database file, the terminating NUL included.
constexpr std::string_view kSqliteMagic{"SQLite format 3", 16};

bool hasSqliteMagic(std::string_view bytes)
{
    return bytes.substr(0, kSqliteMagic.size()) == kSqliteMagic;
}

// The file's first bytes, inflated when it is gzip (zlib reads a plain file through unchanged),
// and whether it was. Empty when the file cannot be read.
struct FileStart
{
    std::string bytes;
    bool gzip = false;
};

FileStart fileStart(const std::string &path)
{
    FileStart start;
    // Not a regular file (a FIFO would block gzopen): left to readPlainOrGzipFile, which says so.
    auto opened = UserFile::open(path, "file");
    if (!opened)
        return start;
    const int fd = opened->release();
    gzFile file = gzdopen(fd, "rb");
    if (!file) {
        ::close(fd);
        return start;
    }
    start.bytes.resize(kSqliteMagic.size());
    const int read = gzread(file, start.bytes.data(), static_cast<unsigned>(start.bytes.size()));
    start.bytes.resize(read > 0 ? static_cast<std::size_t>(read) : 0);
    start.gzip = gzdirect(file) == 0;
    gzclose(file);
    return start;
}

EngineError notAWorkspace(const std::string &path, const std::string &what)
{
    return makeError(EngineError::Code::InvalidArgument,
                     path + ": is not a Tunebench workspace (" + what + ")");
}

// A fresh private directory under the system's temporary one (mkdtemp: mode 0700, a name no
// one else can take).
Expected<std::string> makeTemporaryDirectory(const std::string &forPath)
{
    std::error_code error;
    auto base = std::filesystem::temp_directory_path(error);
    if (error)
        base = "/tmp";
    std::string pattern = (base / "tunebench-replay-XXXXXX").string();
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    if (!::mkdtemp(name.data()))
        return makeError(EngineError::Code::IoError,
                         "cannot inflate '" + forPath + "': no temporary directory in " +
                             base.string() + ": " + std::strerror(errno));
    return std::string(name.data());
}

Status writeFile(const std::string &file, const std::string &bytes, const std::string &forPath)
{
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out)
        return makeError(EngineError::Code::IoError,
                         "cannot inflate '" + forPath + "' into '" + file + "'",
                         "is the temporary directory full? (TMPDIR chooses another)");
    return ok();
}

} // namespace

Expected<WorkspaceSource> WorkspaceSource::resolve(const std::string &path)
{
    const FileStart start = fileStart(path);
    if (hasSqliteMagic(start.bytes) && !start.gzip)
        return WorkspaceSource(path, path, {});

    // Compressed, or not a workspace at all: read it whole to tell which, and why not.
    auto bytes = readPlainOrGzipFile(path);
    if (!bytes)
        return bytes.error();
    const bool xz = hasXzMagic(*bytes);
    if (xz) {
        bytes = inflateXz(*bytes, path);
        if (!bytes)
            return bytes.error();
    }
    if (!hasSqliteMagic(*bytes)) {
        const char *what = start.gzip ? "its gzip data does not hold an SQLite database"
                           : xz       ? "its xz data does not hold an SQLite database"
                                      : "it does not start with the SQLite header, nor is it "
                                        "gzip- or xz-compressed";
        return notAWorkspace(path, what);
    }
    auto directory = makeTemporaryDirectory(path);
    if (!directory)
        return directory.error();
    // Owned from here, so that a failed write removes the directory too.
    WorkspaceSource source(path, *directory + "/workspace.tbw", *directory);
    if (auto written = writeFile(source.m_sqlite, *bytes, path); !written)
        return written.error();
    return source;
}

WorkspaceSource::WorkspaceSource(std::string path, std::string sqlitePath,
                                 std::string temporaryDirectory)
    : m_path(std::move(path)), m_sqlite(std::move(sqlitePath)),
      m_temporaryDirectory(std::move(temporaryDirectory))
{}

WorkspaceSource::WorkspaceSource(WorkspaceSource &&other) noexcept
    : m_path(std::move(other.m_path)), m_sqlite(std::move(other.m_sqlite)),
      m_temporaryDirectory(std::exchange(other.m_temporaryDirectory, {}))
{}

WorkspaceSource &WorkspaceSource::operator=(WorkspaceSource &&other) noexcept
{
    if (this != &other) {
        removeCopy();
        m_path = std::move(other.m_path);
        m_sqlite = std::move(other.m_sqlite);
        m_temporaryDirectory = std::exchange(other.m_temporaryDirectory, {});
    }
    return *this;
}

WorkspaceSource::~WorkspaceSource()
{
    removeCopy();
}

void WorkspaceSource::removeCopy()
{
    if (m_temporaryDirectory.empty())
        return;
    // The copy and whatever SQLite made beside it (-wal, -shm). Best effort: a leftover in the
    // temporary directory is no reason to fail a replay.
    std::error_code ignored;
    std::filesystem::remove_all(m_temporaryDirectory, ignored);
    m_temporaryDirectory.clear();
}

bool looksLikeWorkspace(const std::string &path)
{
    const FileStart start = fileStart(path);
    if (hasSqliteMagic(start.bytes))
        return true;
    if (start.gzip || !hasXzMagic(start.bytes))
        return false;
    // xz holds a committed workspace or a committed Kernel Tuner cache (bench/spaces): look
    // inside. Unreadable xz is left to WorkspaceSource, which says why.
    const auto inflated = readPlainOrGzipFile(path);
    return !inflated || hasSqliteMagic(*inflated);
}

} // namespace tb
