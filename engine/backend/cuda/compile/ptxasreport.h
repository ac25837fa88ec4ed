#pragma once

#include <string>

namespace tb {

// What ptxas reported for one kernel (`-Xptxas=-v`). Sizes are bytes. NVRTC puts these lines in
// the program log; they are the only source of the spill figures (the cubin does not store them).
struct ResourceUsage
{
    int registers = 0;
    int spillStoreBytes = 0;
    int spillLoadBytes = 0;
    int stackFrameBytes = 0;
    int staticSharedBytes = 0;
    int constantBytes = 0; // all cmem[N] banks the "Used" line lists, summed
    int barriers = 0;

    bool operator==(const ResourceUsage &) const = default;
};

// Reads the figures of the function named `loweredName` (the mangled name NVRTC's
// nvrtcGetLoweredName gives, or the plain name of an extern "C" kernel) out of a ptxas report:
//
//   ptxas info    : Compiling entry function '_Z5scaleILi128EEvPf' for 'sm_90'
//   ptxas info    : Function properties for _Z5scaleILi128EEvPf
//   ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 14 registers, used 1 barriers, 1024 bytes smem, 8 bytes cmem[0]
//
// Lines of other functions (other kernels, non-inlined device functions) are skipped; any part
// that is missing (older ptxas has no barrier count, no smem when there is none) stays 0. The
// spill warning of `--warn-on-spills` is ignored: the properties line carries the same numbers.
ResourceUsage parsePtxasReport(const std::string &log, const std::string &loweredName);

// Whether ptxas compiled the entry `loweredName` and reported it ("Compiling entry function
// 'NAME'"). Without that line parsePtxasReport's zeros are no figures at all: ptxas did not run
// (a cache of NVRTC's own answered) or the log names another symbol.
bool ptxasReportedEntry(const std::string &log, const std::string &loweredName);

} // namespace tb
