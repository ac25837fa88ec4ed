#pragma once

#include "codelisting.h"
#include "toolsearch.h"

#include <atomic>
#include <string>
#include <utility>

namespace tb {

// From a compiled configuration to the code the Kernel page shows. The tools run as child
// processes (an argv, never a shell) with a time limit: call it off a GUI thread.
class Disassembler
{
public:
    // How long one tool may take: nvdisasm on a large cubin takes a second or two.
    static constexpr int kDefaultTimeoutMs = 60000;

    Disassembler(ToolSearch search, int timeoutMs, const std::atomic<bool> &cancelled)
        : m_search(std::move(search)), m_timeoutMs(timeoutMs), m_cancelled(cancelled)
    {}

    // CUDA: the files a cuda-compile worker wrote into `codeDirectory` (codefiles.h): "PTX"
    // as NVRTC gave it and "SASS" from `nvdisasm -c -g` on the cubin (code sections, with the
    // source lines the -lineinfo build records), mangled names followed by their C++ names.
    CodeListings cudaCode(const std::string &codeDirectory) const;

    // Triton: the stages Triton's compiler lowers the kernel through, as the worker wrote them
    // ("TTIR", "TTGIR", "LLIR"), then cudaCode's "PTX" and "SASS".
    CodeListings tritonCode(const std::string &codeDirectory) const;

    // cpu: "Disassembly" of `symbol` (the spec's kernel entry, a plain symbol) in the built
    // shared library: `objdump -d --no-show-raw-insn -C --disassemble=<symbol>`.
    CodeListings hostCode(const std::string &library, const std::string &symbol) const;

private:
    CodeListing sass(const std::string &cubin) const;

    ToolSearch m_search;
    int m_timeoutMs;
    const std::atomic<bool> &m_cancelled;
};

} // namespace tb
