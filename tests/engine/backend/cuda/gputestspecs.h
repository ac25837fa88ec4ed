#pragma once

// Kernels, specs and checks shared by the CUDA backend's GPU tests (label gpu).
#include "model/result.h"
#include "model/spec.h"
#include "specbuilders.h"

#include <QString>
#include <QTest>

#include <string>
#include <utility>
#include <vector>

namespace tbtest {

// out = in * factor over n floats. BUG = 1 adds one to every element.
inline const char *const kCopyScale = R"(
#ifndef BUG
#define BUG 0
#endif
__global__ void copyScale(const float *in, float *out, float factor, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * factor + (BUG ? 1.0f : 0.0f);
}
)";

// out = 2 * in, then MODE 1 writes NaN at element 3, MODE 2 scales by 1 + 1e-6 (inside the
// rtol of 1e-4 below), MODE 3 by 1 + 1e-2 (outside it).
inline const char *const kPerturb = R"(
__global__ void perturb(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float value = 2.0f * in[i];
    if (MODE == 1 && i == 3)
        value = __int_as_float(0x7fc00000);
    if (MODE == 2)
        value *= 1.000001f;
    if (MODE == 3)
        value *= 1.01f;
    out[i] = value;
}
)";

// bitmap[i] = (i % 3 == 0), as int (WIDE 1) or unsigned char (WIDE 0): FLIPS 5 sets five
// more elements, as floating-point contraction may flip the points on a polygon's edge.
inline const char *const kBitmapFlips = R"(
__global__ void mark(void *bitmap, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int value = i % 3 == 0;
    if (FLIPS == 5 && (i == 17 || i == 91 || i == 121 || i == 500000 || i == n - 2))
        value = 1;
    if (WIDE)
        static_cast<int *>(bitmap)[i] = value;
    else
        static_cast<unsigned char *>(bitmap)[i] = static_cast<unsigned char>(value);
}
)";

inline const tb::BufferInit kRandom{tb::BufferInit::Kind::Random, 0, 7, -1, 1, 0, 1, {}, {}};

// A CUDA spec of one kernel in `code` over one size N, sampled briefly.
inline tb::Spec cudaSpec(std::string code, std::string entry, std::vector<tb::Parameter> parameters,
                         double n)
{
    tb::Spec spec;
    spec.name = entry;
    spec.backend = tb::BackendKind::Cuda;
    spec.kernel.code = std::move(code);
    spec.kernel.entry = std::move(entry);
    spec.kernel.language = "cuda";
    spec.parameters = std::move(parameters);
    spec.sizes.names = {"N"};
    spec.sizes.values = {{n}};
    spec.measurement.warmupRuns = 2;
    spec.measurement.minSamples = 10;
    spec.measurement.maxSamples = 100;
    spec.measurement.targetRelativeHalfWidth = 0.01;
    spec.measurement.maxSecondsPerConfig = 1.0;
    return spec;
}

// 64 Mi floats in and out (512 MiB moved): ~180 us on an H100, well above the 100 us below
// which launch overhead would part CUPTI and events by more than a few percent.
inline tb::Spec copyScaleSpec(double n = 64.0 * 1024 * 1024)
{
    tb::Spec spec =
        cudaSpec(kCopyScale, "copyScale", {{"BLOCK", {128, 256, 2048}}, {"BUG", {0, 1}}}, n);
    spec.launch = tb::LaunchGeometry{{"ceil_div(N, BLOCK)"}, {"BLOCK"}, "0"};
    spec.arguments = {buffer("in", "N", kRandom, false), buffer("out", "N", {}, true),
                      scalar("factor", tb::ElementType::Float32, "1.5"),
                      scalar("n", tb::ElementType::Int64, "N")};
    spec.verification.reference = std::vector<double>{256, 0};
    return spec;
}

inline tb::Spec perturbSpec()
{
    tb::Spec spec = cudaSpec(kPerturb, "perturb", {{"MODE", {0, 1, 2, 3}}}, 1 << 20);
    spec.launch = tb::LaunchGeometry{{"ceil_div(N, 256)"}, {"256"}, "0"};
    spec.arguments = {buffer("in", "N", kRandom, false), buffer("out", "N", {}, true),
                      scalar("n", tb::ElementType::Int32, "N")};
    spec.verification.reference = std::vector<double>{0};
    spec.verification.rtol = 1e-4;
    spec.verification.atol = 0;
    return spec;
}

// 1 Mi elements of bitmap; int32 is compared on the GPU, uint8 on the host. `maxMismatches`
// is the bitmap's allowance.
inline tb::Spec bitmapSpec(tb::ElementType type, double maxMismatches)
{
    const double wide = type == tb::ElementType::Int32 ? 1 : 0;
    tb::Spec spec = cudaSpec(kBitmapFlips, "mark", {{"FLIPS", {0, 5}}, {"WIDE", {wide}}}, 1 << 20);
    spec.launch = tb::LaunchGeometry{{"ceil_div(N, 256)"}, {"256"}, "0"};
    spec.arguments = {buffer("bitmap", type, "N", {}, true),
                      scalar("n", tb::ElementType::Int32, "N")};
    spec.verification.reference = std::vector<double>{0, wide};
    spec.verification.rtol = 0;
    spec.verification.atol = 0;
    spec.verification.expected = {{"bitmap", std::nullopt, std::nullopt, {maxMismatches}, ""}};
    return spec;
}

// QVERIFY that prepare() worked, with its error when not (no GPU: this is where it fails).
#define PREPARE(backend, spec)                                                                     \
    do {                                                                                           \
        const tb::Status prepared_ = (backend).prepare(spec);                                      \
        QVERIFY2(prepared_.hasValue(), prepared_ ? "" : prepared_.error().toString().c_str());     \
    } while (false)

inline QString describe(const tb::Result &result)
{
    QString text = QString::fromStdString(std::string(tb::toString(result.status)) + ": " +
                                          result.message + " [timer " + result.timer + "]");
    text += QStringLiteral(" median=%1 min=%2 samples=%3")
                .arg(result.summary.median)
                .arg(result.summary.min)
                .arg(result.summary.count);
    for (const auto &[key, value] : result.resources)
        text += QStringLiteral(" %1=%2").arg(QString::fromStdString(key)).arg(value);
    return text;
}

} // namespace tbtest
