#include "workerlocation.h"

#include <cstdlib>
#include <filesystem>

namespace tb {

std::string defaultWorkerPath()
{
    if (const char *override = std::getenv("TUNEBENCH_WORKER"); override && *override)
        return override;
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        return "tunebench-worker";
    return (self.parent_path() / "tunebench-worker").string();
}

} // namespace tb
