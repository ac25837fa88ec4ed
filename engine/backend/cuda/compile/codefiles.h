#pragma once

#include "cudabuild.h"
#include "model/expected.h"

#include <string>

namespace tb {

// The files a cuda-compile worker started with --code-dir writes after each build, for the
// Kernel page's PTX and SASS views: the GUI gives the worker a directory of its own and reads
// them back, so NVRTC runs in the worker as for every compile. One build's at a time: the next
// build replaces them.
inline constexpr const char *kCodePtxFile = "kernel.ptx";     // NVRTC's PTX
inline constexpr const char *kCodeCubinFile = "kernel.cubin"; // a copy of the cached cubin
inline constexpr const char *kCodeEntryFile = "entry.txt";    // the entry's symbol (mangled)
// A Triton kernel's stages before the PTX (CudaBuild::ttir, ttgir, llir).
inline constexpr const char *kCodeTtirFile = "kernel.ttir";
inline constexpr const char *kCodeTtgirFile = "kernel.ttgir";
inline constexpr const char *kCodeLlirFile = "kernel.llir";

// Writes the files of `build` (which succeeded) into `directory`, which exists: the cubin and
// entry always, each text form (PTX, TTIR, TTGIR, LLIR) only when the build has it.
Status writeCodeFiles(const std::string &directory, const CudaBuild &build);

} // namespace tb
