#include "injectionlibrary.h"

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace tb {

std::optional<std::string> findInjectionLibrary(std::string *tried)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> candidates;
    if (const char *given = std::getenv("TUNEBENCH_INJECT_LIBRARY"); given && *given)
        candidates.emplace_back(given);
    std::error_code error;
    const fs::path executable = fs::read_symlink("/proc/self/exe", error);
    if (!error) {
        candidates.push_back(executable.parent_path() / "libtunebench-inject.so");
        candidates.push_back(executable.parent_path().parent_path() / "lib" /
                             "libtunebench-inject.so");
    }
    for (const fs::path &candidate : candidates) {
        if (fs::is_regular_file(candidate, error))
            return fs::absolute(candidate, error).string();
        *tried += (tried->empty() ? "" : ", ") + candidate.string();
    }
    return std::nullopt;
}

} // namespace tb
