#include "scratchdirectory.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdlib.h>

namespace tb {

ScratchDirectory::ScratchDirectory(const std::string &prefix)
{
    // The error_code overload: a $TMPDIR that is no directory leaves path() empty rather than
    // throwing on a caller's thread (the workbench checks on a thread of its own).
    std::error_code error;
    const auto temporary = std::filesystem::temp_directory_path(error);
    if (error) {
        m_error = error.message();
        return;
    }
    // mkdtemp, not a name picked here: another process cannot take or replace the directory.
    std::string pattern = (temporary / (prefix + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()))
        m_path = pattern;
    else
        m_error = std::strerror(errno);
}

ScratchDirectory::~ScratchDirectory()
{
    std::error_code ignored; // nothing to do about a directory that cannot be removed
    if (!m_path.empty())
        std::filesystem::remove_all(m_path, ignored);
}

} // namespace tb
