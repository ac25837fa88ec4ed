#pragma once

#include "backend/cuda/compile/tritonhelper.h"
#include "model/expected.h"
#include "startingspec.h"

#include <string>
#include <vector>

namespace tb {

// A Python file of Triton kernels, read through the Triton helper: parsed, never imported or
// run (the user's module may need a GPU, torch, or do anything at import). What
// `tunebench-cli new-spec` and File > New spec from kernel... start a spec from (issue 36
// item 5). Each object runs its own helper process, ended with the object.
class TritonKernelFile
{
public:
    // IoError when there is no such file; BackendError when Triton is not installed
    // (findTritonInstall's message, saying how to get it).
    static Expected<TritonKernelFile> open(const std::string &path);

    // Its top-level @triton.jit functions, in file order; CompileError when it does not parse.
    Expected<std::vector<std::string>> kernels();
    // `given` when the file has such a @triton.jit function, else the only one there is;
    // InvalidArgument naming them when there are several (or none, or not `given`).
    Expected<std::string> chooseEntry(const std::string &given);
    // The starting spec of `entry` (tritonstartingspec.h), its kernel.source relative to the
    // directory of `specPath`, where it will be written.
    Expected<StartingSpec> startingSpec(const std::string &entry, const std::string &specPath);

    const std::string &path() const { return m_path; }

private:
    TritonKernelFile(std::string path, TritonInstall install)
        : m_path(std::move(path)), m_helper(std::move(install))
    {}
    Expected<nlohmann::json> ask(nlohmann::json request);

    std::string m_path; // absolute
    TritonHelper m_helper;
};

} // namespace tb
