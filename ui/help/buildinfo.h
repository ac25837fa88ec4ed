#pragma once

#include <QString>

namespace tb {

// What this build is, for About and bug reports.
QString tunebenchVersion(); // "0.1.0" (the CMake project's version)
// The short git commit of the source tree at configure time; "unknown" where the build was
// configured outside a git checkout.
QString tunebenchCommit();

} // namespace tb
