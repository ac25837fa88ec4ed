#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

// The files of one cached build, all named after the build's hash in the cache directory:
// <hash>.c / <hash>.cpp (the source compiled), <hash>.log (the compiler's output) and
// <hash>.so (the library). The library is published last, so its presence means the log is
// there too.
class BuildCache
{
public:
    BuildCache(std::string directory, std::string hash);

    std::string libraryPath() const;
    std::string logPath() const;
    std::string sourcePath(const std::string &extension) const;

    bool hasLibrary() const;
    std::string readLog() const;

    // Stores the log, then renames the freshly built library (at `temporaryLibrary`) into place.
    Status publish(const std::string &temporaryLibrary, const std::string &log) const;

private:
    std::string m_stem; // directory/hash
};

} // namespace tb
