// Kernel records from CUPTI's activity API for the experiments that time with it (flush_modes,
// context_switch): every kernel's name, start and end, collected into gRecords.
#pragma once

#include <cupti.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

struct KernelRecord
{
    std::string name;
    unsigned long long start, end; // ns, the GPU's timestamps
};
inline std::vector<KernelRecord> gRecords;

inline void CUPTIAPI cuptiBufferRequested(uint8_t **buffer, size_t *size, size_t *maxRecords)
{
    *size = 8 << 20;
    *buffer = (uint8_t *)aligned_alloc(8, *size);
    *maxRecords = 0;
}

inline void CUPTIAPI cuptiBufferCompleted(CUcontext, uint32_t, uint8_t *buffer, size_t,
                                          size_t valid)
{
    CUpti_Activity *record = nullptr;
    while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
        if (record->kind != CUPTI_ACTIVITY_KIND_KERNEL &&
            record->kind != CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL)
            continue;
        auto *kernel = (CUpti_ActivityKernel10 *)record;
        const char *name = kernel->name;
        gRecords.push_back({name ? name : "", kernel->start, kernel->end});
    }
    free(buffer);
}

// Starts collecting records of `kind` (CONCURRENT_KERNEL, or KERNEL: serialised kernels).
inline void startKernelRecords(CUpti_ActivityKind kind)
{
    cuptiActivityRegisterCallbacks(cuptiBufferRequested, cuptiBufferCompleted);
    cuptiActivityEnable(kind);
}
