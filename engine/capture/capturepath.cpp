#include "capturepath.h"

#include <algorithm>

namespace tb {

namespace {

namespace fs = std::filesystem;

bool hasControlCharacter(const std::string &text)
{
    return std::any_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

bool hasParentStep(const fs::path &path)
{
    return std::any_of(path.begin(), path.end(), [](const fs::path &step) { return step == ".."; });
}

// Whether `path` is `root` or lies below it; both are already resolved.
bool isInside(const fs::path &path, const fs::path &root)
{
    auto rootStep = root.begin();
    auto step = path.begin();
    for (; rootStep != root.end(); ++rootStep, ++step) {
        if (rootStep->empty()) // a trailing separator
            continue;
        if (step == path.end() || *step != *rootStep)
            return false;
    }
    return true;
}

} // namespace

std::optional<std::string> capturePathProblem(const fs::path &directory,
                                              const std::string &relative)
{
    if (relative.empty())
        return "an empty path";
    if (hasControlCharacter(relative))
        return "a path with a control character";
    const fs::path path(relative);
    if (path.is_absolute() || path.has_root_name() || path.has_root_directory())
        return "an absolute path ('" + relative +
               "'); a capture's paths are relative to its folder";
    if (hasParentStep(path))
        return "a path that leaves the capture folder ('" + relative + "' has '..')";
    // What exists of it, symbolic links followed, must still be inside the folder.
    std::error_code error;
    const fs::path root = fs::weakly_canonical(fs::absolute(directory, error), error);
    if (error)
        return std::nullopt; // no folder to resolve against: the text alone was judged
    const fs::path resolved = fs::weakly_canonical(root / path, error);
    if (error)
        return "a path that cannot be resolved ('" + relative + "': " + error.message() + ")";
    if (!isInside(resolved, root))
        return "a path that a symbolic link takes out of the capture folder ('" + relative +
               "' is " + resolved.string() + ")";
    return std::nullopt;
}

} // namespace tb
