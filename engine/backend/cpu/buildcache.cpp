#include "buildcache.h"

#include "backend/common/atomicfile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace tb {

BuildCache::BuildCache(std::string directory, std::string hash)
    : m_stem(std::move(directory) + "/" + std::move(hash))
{}

std::string BuildCache::libraryPath() const
{
    return m_stem + ".so";
}

std::string BuildCache::logPath() const
{
    return m_stem + ".log";
}

std::string BuildCache::sourcePath(const std::string &extension) const
{
    return m_stem + extension;
}

bool BuildCache::hasLibrary() const
{
    return ::access(libraryPath().c_str(), R_OK) == 0;
}

std::string BuildCache::readLog() const
{
    return readTextFile(logPath()).value_or("");
}

Status BuildCache::publish(const std::string &temporaryLibrary, const std::string &log) const
{
    if (Status written = writeFileAtomically(logPath(), log); !written) {
        std::remove(temporaryLibrary.c_str());
        return written;
    }
    // Another worker may have published the same build meanwhile: rename() replaces it
    // atomically with identical content, and a process that already loaded it keeps its inode.
    if (std::rename(temporaryLibrary.c_str(), libraryPath().c_str()) != 0) {
        const int error = errno;
        std::remove(temporaryLibrary.c_str());
        return makeError(EngineError::Code::IoError, "cannot store " + libraryPath(),
                         std::strerror(error));
    }
    return ok();
}

} // namespace tb
