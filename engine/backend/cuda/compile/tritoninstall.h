#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

// Where Triton's compiler is: a Python that has Triton, and our helper script that it runs
// (tritonhelper.h). Python lives in a virtual environment the install step makes
// (packaging/install-triton.sh), never in the system's site-packages.
struct TritonInstall
{
    std::string python; // the interpreter to run the helper with
    std::string helper; // tunebench_triton.py
    // Where the helper keeps Triton's build key for the next helper (tunebench_triton_key.py):
    // a property of the Triton installation, so per user, not per workspace.
    std::string keyCache;
};

// The pinned Triton release the install step puts in its virtual environment.
inline constexpr const char *kPinnedTritonVersion = "3.6.0";

// Finds the install. Python: $TUNEBENCH_TRITON_PYTHON, else the install step's environment,
// ${TUNEBENCH_TRITON_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/tunebench/triton-3.6.0}/bin/python.
// The helper: $TUNEBENCH_TRITON_HELPER, else share/tunebench/triton/tunebench_triton.py beside
// the running program's bin/ (build tree and bundle alike). The key cache:
// ${XDG_CACHE_HOME:-$HOME/.cache}/tunebench/triton-keys. BackendError saying how to get it.
Expected<TritonInstall> findTritonInstall();

} // namespace tb
