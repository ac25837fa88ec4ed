#pragma once

#include <cstddef>

namespace tb {

// How many compile workers a run starts when the user leaves it to us (0 in SessionOptions,
// the CLI's --workers, the workbench's "Automatic"): eight per bench worker (one bench worker
// per GPU; one for the CPU backend), at least 16, never more than the hardware threads.
//
// Measured on a 4 x H100 host with 64 hardware threads (bench/results/multigpu.md): one
// NVRTC worker per thread (the old default, 64) delayed the first result by 3 to 4 s and was
// slower on 4 GPUs than 32 workers; 16 workers starved 4 GPUs (busy 47-72%) but fed one.
int defaultCompileWorkers(std::size_t benchWorkers, unsigned hardwareThreads);

// The workers a run starts: `asked` when positive, else defaultCompileWorkers() for this
// machine's hardware threads.
int resolveCompileWorkers(int asked, std::size_t benchWorkers);

} // namespace tb
