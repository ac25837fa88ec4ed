#pragma once

#include "model/configuration.h"
#include "model/spec.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tb {

// What compiling one configuration needs (cudaconfigurationbuild.h, hostconfigurationbuild.h):
// the workbench takes it as a snapshot on the GUI thread, so the compile never reads a widget
// and later edits do not change it.
struct CompileRequest
{
    Spec spec;        // as loaded; kernel.code is replaced by `code`, the editor's text
    std::string code; // what to compile (unsaved edits included)
    Configuration config;
    std::size_t sizeIndex = 0;
    std::string arch;       // cuda: the target; empty: the spec's arch, else the GPU's, else sm_90
    std::string workerPath; // tunebench-worker (cuda)
    std::string cacheDirectory; // build cache shared with tuning runs
    double timeoutSeconds = 60; // a compile running longer is killed and reported `timeout`
    // Where nvdisasm (cuda) or objdump (cpu) are looked for; empty: the usual places
    // (ToolSearch::cudaTools(), hostTools()).
    std::vector<std::string> toolDirectories;
};

} // namespace tb
