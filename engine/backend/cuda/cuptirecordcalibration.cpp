#include "cuptirecordcalibration.h"

#include "cudadriver.h"
#include "cudamodule.h"
#include "cuptitimer.h"
#include "internalkernel.h"

#include <algorithm>
#include <vector>

namespace tb {

namespace {

constexpr const char *kEmptyKernel = R"(extern "C" __global__ void tb_cupti_calibration() {})";
constexpr int kLaunches = 101;
constexpr unsigned kThreads = 128;

CudaFailure internal(std::string message)
{
    return {ResultStatus::RuntimeError, "CUPTI record calibration: " + std::move(message), false};
}

// The median duration CUPTI records for kLaunches back-to-back launches of the empty kernel.
CudaStatus medianDuration(CuptiTimer &timer, const CudaDriver &driver, CUfunction function,
                          CUstream stream, unsigned blocks, double &median)
{
    if (Status discarded = timer.discard(); !discarded)
        return internal(discarded.error().toString());
    for (int i = 0; i < kLaunches; ++i)
        if (CudaStatus launched =
                driver.check(driver.launchKernel(function, blocks, 1, 1, kThreads, 1, 1, 0, stream,
                                                 nullptr, nullptr),
                             "cuLaunchKernel (CUPTI calibration)");
            !launched)
            return launched;
    if (CudaStatus synced = driver.check(driver.streamSynchronize(stream), "cuStreamSynchronize");
        !synced)
        return synced;
    LaunchShape shape;
    shape.grid = {blocks, 1, 1};
    shape.block = {kThreads, 1, 1};
    auto durations = timer.collect({shape, "tb_cupti_calibration"}, kLaunches);
    if (!durations)
        return internal(durations.error().toString());
    std::vector<double> sorted = *durations;
    std::nth_element(sorted.begin(), sorted.begin() + kLaunches / 2, sorted.end());
    median = sorted[kLaunches / 2];
    return {};
}

} // namespace

CudaStatus calibrateCuptiRecords(CuptiTimer &timer, const CudaDriver &driver, CUstream stream,
                                 const NvrtcCompiler &compiler, int smCount)
{
    // Blocks on every SM, as the kernels it will time have: what the serialised records add
    // grows with the blocks to schedule (a one-block kernel left 0.5 us of it in the times).
    const auto blocks = static_cast<unsigned>(std::max(1, smCount) * 4);
    CudaModule module;
    if (CudaStatus loaded =
            loadInternalKernel(driver, compiler, kEmptyKernel, "tb_cupti_calibration",
                               "the CUPTI calibration kernel", module);
        !loaded)
        return loaded;
    double concurrent = 0;
    if (CudaStatus measured =
            medianDuration(timer, driver, module.function(), stream, blocks, concurrent);
        !measured)
        return measured;
    if (Status switched = timer.useSerialRecords(); !switched)
        return internal(switched.error().toString());
    double serial = 0;
    if (CudaStatus measured =
            medianDuration(timer, driver, module.function(), stream, blocks, serial);
        !measured)
        return measured;
    timer.setRecordOffset(std::max(serial - concurrent, 0.0));
    return {};
}

} // namespace tb
