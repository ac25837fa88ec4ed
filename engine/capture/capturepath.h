#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace tb {

// Why `relative`, a path capture.json gives, may not be followed from the capture folder
// `directory`; nullopt when it may. Refused: an empty or absolute path, a control character,
// a ".." step, and a path that symbolic links take outside the folder. A path that does not
// exist (yet) is judged by its text alone.
std::optional<std::string> capturePathProblem(const std::filesystem::path &directory,
                                              const std::string &relative);

} // namespace tb
