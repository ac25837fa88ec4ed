#pragma once

#include <optional>
#include <string>

namespace tb {

// Where libtunebench-inject.so is: $TUNEBENCH_INJECT_LIBRARY, else beside this executable (the
// build tree), else in ../lib (an install or the bundle). nullopt with *tried listing the
// places looked at.
std::optional<std::string> findInjectionLibrary(std::string *tried);

} // namespace tb
