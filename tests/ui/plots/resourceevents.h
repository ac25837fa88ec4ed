#pragma once

// CUDA-like results for the resource tests, in the manner of tests/ui/results/resultsfixture.h:
// BLOCK 32/64/128/256 with the ptxas figures a real SGEMM shows (registers rising with the
// block, spills at the register limit, occupancy falling), and the same grid as a CPU run
// reports it (no figures at all).
#include "parametereffectevents.h"

namespace plottest {

// The figures of one configuration, as the cuda-compile worker reports them.
struct Figures
{
    double registers;
    double spillStores;
    double spillLoads;
    double staticShared;
    double occupancy; // a fraction
};

inline ResultEvent gpuEffectResult(double block, double objective, const Figures &figures)
{
    ResultEvent event = result(block, 1, objective);
    event.result.resources = {{"registers", figures.registers},
                              {"spill_stores", figures.spillStores},
                              {"spill_loads", figures.spillLoads},
                              {"static_shared", figures.staticShared},
                              {"dynamic_shared", 0},
                              {"occupancy", figures.occupancy}};
    return event;
}

// Four configurations; BLOCK=128 is the fastest, BLOCK=256 spills at 255 registers.
inline QVector<ResultEvent> gpuEffectResults()
{
    return {gpuEffectResult(32, 4e-4, {40, 0, 0, 2048, 1.0}),
            gpuEffectResult(64, 2e-4, {96, 0, 0, 4096, 0.625}),
            gpuEffectResult(128, 1e-4, {168, 0, 0, 8192, 0.375}),
            gpuEffectResult(256, 3e-4, {255, 16, 24, 16384, 0.125})};
}

// The same configurations measured on the CPU: no resource figures.
inline QVector<ResultEvent> cpuEffectResults()
{
    return {result(32, 1, 4e-4), result(64, 1, 2e-4), result(128, 1, 1e-4), result(256, 1, 3e-4)};
}

} // namespace plottest
