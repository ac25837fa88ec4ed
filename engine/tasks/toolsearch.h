#pragma once

#include <string>
#include <vector>

namespace tb {

// Where a helper tool (nvdisasm, objdump) is looked for, and how to name those places to a
// user who has to install it.
struct ToolSearch
{
    std::vector<std::string> directories;
    std::string where; // "PATH or /usr/local/cuda/bin"

    // PATH, then $CUDA_HOME/bin and $CUDA_PATH/bin when set, then /usr/local/cuda/bin: where
    // the toolkit whose NVRTC compiles keeps nvdisasm.
    static ToolSearch cudaTools();
    // PATH.
    static ToolSearch hostTools();
    // Exactly these directories (a test, or the Kernel page told where to look).
    static ToolSearch in(const std::vector<std::string> &directories);
};

// The request's tool directories when it names some, else `usual`.
inline ToolSearch toolSearch(const std::vector<std::string> &directories, ToolSearch usual)
{
    return directories.empty() ? usual : ToolSearch::in(directories);
}

// The executable `name` in the first of the search's directories that has one, as an absolute
// path; empty if none.
std::string findTool(const std::string &name, const ToolSearch &search);

} // namespace tb
