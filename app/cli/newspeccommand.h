#pragma once

#include <string>

namespace tb {

struct NewSpecOptions
{
    std::string kernelPath; // a Python file with a @triton.jit function
    std::string entry;      // --entry; empty: the file's only @triton.jit function
    std::string outputPath; // -o; empty: <kernel's stem>.json beside the kernel
    bool force = false;     // --force: overwrite an existing output file
};

// `tunebench-cli new-spec KERNEL.py`: a starting spec for a Triton kernel, its
// @triton.autotune configurations as the grid (tasks/tritonkernelfile.h), written to a new
// file; prints the guesses to check and how to validate. Exit 3 for a missing file, an entry
// to choose, an unreadable decorator or an existing output; 1 when Triton is not installed.
int runNewSpec(const NewSpecOptions &options);

} // namespace tb
