// Runs on a GPU only (label gpu): every test fails, none skips, when there is no GPU.
#include "backend/cuda/cudabackend.h"
#include "backend/cuda/cuptitimer.h"
#include "specbuilders.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;
using tbtest::buffer;
using tbtest::scalar;

namespace {

// out = in * factor over n floats. BUG = 1 adds one to every element; a pointer given as a
// number (address) is written through when POKE = 1 (0 gives a null-pointer write).
const char *const kCopyScale = R"(
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

const char *const kPoke = R"(
__global__ void poke(float *out, unsigned long long address)
{
    out[threadIdx.x] = 1.0f;
    *reinterpret_cast<volatile float *>(address) = 2.0f;
}
)";

// Goes through SMEM bytes of dynamic shared memory: each thread stages its element at the far
// end of the block's share, so a launch without the opt-in above 48 KiB would fail.
const char *const kStaged = R"(
__global__ void staged(const float *in, float *out, int n, int words)
{
    extern __shared__ float tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int slot = words - blockDim.x + threadIdx.x;
    tile[slot] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = 2.0f * tile[slot];
}
)";

const char *const kTemplate = R"(
template <int THREADS>
__global__ void __launch_bounds__(THREADS) scale(float *x, int n)
{
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < n)
        x[i] *= 3.0f;
}
)";

// out = 2 * in, then MODE 1 writes NaN at element 3, MODE 2 scales by 1 + 1e-6 (inside the
// rtol of 1e-4 below), MODE 3 by 1 + 1e-2 (outside it).
const char *const kPerturb = R"(
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

const BufferInit kRandom{BufferInit::Kind::Random, 0, 7, -1, 1, 0, 1};

Spec cudaSpec(std::string code, std::string entry, std::vector<Parameter> parameters, double n)
{
    Spec spec;
    spec.name = entry;
    spec.backend = BackendKind::Cuda;
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
Spec copyScaleSpec(double n = 64.0 * 1024 * 1024)
{
    Spec spec =
        cudaSpec(kCopyScale, "copyScale", {{"BLOCK", {128, 256, 2048}}, {"BUG", {0, 1}}}, n);
    spec.launch = LaunchGeometry{{"ceil_div(N, BLOCK)"}, {"BLOCK"}, "0"};
    spec.arguments = {buffer("in", "N", kRandom, false), buffer("out", "N", {}, true),
                      scalar("factor", ElementType::Float32, "1.5"),
                      scalar("n", ElementType::Int64, "N")};
    spec.verification.reference = std::vector<double>{256, 0};
    return spec;
}

Spec perturbSpec()
{
    Spec spec = cudaSpec(kPerturb, "perturb", {{"MODE", {0, 1, 2, 3}}}, 1 << 20);
    spec.launch = LaunchGeometry{{"ceil_div(N, 256)"}, {"256"}, "0"};
    spec.arguments = {buffer("in", "N", kRandom, false), buffer("out", "N", {}, true),
                      scalar("n", ElementType::Int32, "N")};
    spec.verification.reference = std::vector<double>{0};
    spec.verification.rtol = 1e-4;
    spec.verification.atol = 0;
    return spec;
}

// QVERIFY that prepare() worked, with its error when not (no GPU: this is where it fails).
#define PREPARE(backend, spec)                                                                     \
    do {                                                                                           \
        const Status prepared_ = (backend).prepare(spec);                                          \
        QVERIFY2(prepared_.hasValue(), prepared_ ? "" : prepared_.error().toString().c_str());     \
    } while (false)

QString describe(const Result &result)
{
    QString text = QString::fromStdString(std::string(toString(result.status)) + ": " +
                                          result.message + " [timer " + result.timer + "]");
    text += QStringLiteral(" median=%1 min=%2 samples=%3")
                .arg(result.summary.median)
                .arg(result.summary.min)
                .arg(result.summary.count);
    for (const auto &[key, value] : result.resources)
        text += QStringLiteral(" %1=%2").arg(QString::fromStdString(key)).arg(value);
    return text;
}

} // namespace

class TestCudaBackendGpu : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_cache.isValid()); }

    void measuresCopyScaleWithCupti()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec());
        QVERIFY(backend.device() != nullptr);
        qInfo("device: %s", backend.device()->description().c_str());

        const Result result = backend.evaluate(Configuration{{128, 0}}, 0);
        QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
        QCOMPARE(result.timer, std::string("cupti"));
        QVERIFY(result.samples.size() >= 10);
        QCOMPARE(result.summary.count, static_cast<int>(result.samples.size()));
        QVERIFY2(result.summary.median >= 100e-6, qPrintable(describe(result)));
        const double events = result.resources.at("event_median_s");
        QVERIFY2(std::fabs(result.summary.median - events) <= 0.1 * events,
                 qPrintable(describe(result)));
        QVERIFY(result.resources.count("cupti_unavailable") == 0);
        // Clock and throttle state around the measurement (NVML comes with the driver).
        QVERIFY2(result.resources.at("sm_clock_mhz") > 0, qPrintable(describe(result)));
        QVERIFY(result.resources.count("throttle_reasons") == 1);
        const double throttled = result.resources.at("throttled");
        QVERIFY(throttled == 0 || throttled == 1);
        // The clock the GPU's timer saw (SmClockProbe), next to NVML's.
        const double effective = result.resources.at("sm_clock_effective_mhz");
        QVERIFY2(std::fabs(effective / result.resources.at("sm_clock_mhz") - 1) < 0.02,
                 qPrintable(describe(result)));
        QVERIFY(result.resources.count("clock_mismatch") == 1);
        // The compile side's figures, with the loaded code's registers.
        QVERIFY(result.resources.at("registers") > 0);
        QCOMPARE(result.resources.at("threads_per_block"), 128.0);
        QVERIFY(result.resources.at("occupancy") > 0);
        qInfo("%s", qPrintable(describe(result)));
    }

    void flagsAWrongResult()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec(1 << 20));
        const Result result = backend.evaluate(Configuration{{256, 1}}, 0);
        QVERIFY2(result.status == ResultStatus::WrongResult, qPrintable(describe(result)));
        QVERIFY2(result.message.find("differ from the reference") != std::string::npos,
                 result.message.c_str());
        QVERIFY(backend.usable());
        // The backend goes on: the right config is fine.
        const Result right = backend.evaluate(Configuration{{128, 0}}, 0);
        QVERIFY2(right.status == ResultStatus::Ok, qPrintable(describe(right)));
    }

    // Verification runs on the GPU: NaN never matches, whatever the tolerance.
    void aNanOutputIsAWrongResult()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, perturbSpec());
        const Result result = backend.evaluate(Configuration{{1}}, 0);
        QVERIFY2(result.status == ResultStatus::WrongResult, qPrintable(describe(result)));
        const std::string expected = "1 of 1048576 elements of output 'out' differ from the "
                                     "reference; first at [3]: got nan, expected ";
        QVERIFY2(result.message.rfind(expected, 0) == 0, result.message.c_str());
        QVERIFY(backend.usable());
    }

    void anOutputWithinRtolPassesAndOneBeyondItDoesNot()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, perturbSpec());
        const Result close = backend.evaluate(Configuration{{2}}, 0);
        QVERIFY2(close.status == ResultStatus::Ok, qPrintable(describe(close)));
        const Result far = backend.evaluate(Configuration{{3}}, 0);
        QVERIFY2(far.status == ResultStatus::WrongResult, qPrintable(describe(far)));
        QVERIFY2(far.message.find("of 1048576 elements of output 'out' differ") !=
                     std::string::npos,
                 far.message.c_str());
        // The outputs are reset between runs: the exact configuration is still fine after.
        const Result exact = backend.evaluate(Configuration{{0}}, 0);
        QVERIFY2(exact.status == ResultStatus::Ok, qPrintable(describe(exact)));
    }

    void refusesTooManyThreadsPerBlock()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec(1 << 20));
        const Result result = backend.evaluate(Configuration{{2048, 0}}, 0);
        QVERIFY2(result.status == ResultStatus::InvalidLaunch, qPrintable(describe(result)));
        QVERIFY2(result.message.find("2048 threads per block") != std::string::npos,
                 result.message.c_str());
        QVERIFY(backend.usable());
    }

    void optsInToLargeDynamicSharedMemory()
    {
        Spec spec = cudaSpec(kStaged, "staged", {{"SMEM", {16384, 98304}}}, 1 << 20);
        spec.launch = LaunchGeometry{{"ceil_div(N, 256)"}, {"256"}, "SMEM"};
        spec.arguments = {buffer("in", "N", kRandom, false), buffer("out", "N", {}, true),
                          scalar("n", ElementType::Int32, "N"),
                          scalar("words", ElementType::Int32, "SMEM / 4")};
        spec.verification.reference = std::vector<double>{16384};
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, spec);
        const Result result = backend.evaluate(Configuration{{98304}}, 0);
        QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
        QCOMPARE(result.resources.at("dynamic_shared"), 98304.0);
    }

    void runsATemplateKernelByItsNameExpression()
    {
        Spec spec = cudaSpec(kTemplate, "scale<BLOCK>", {{"BLOCK", {64, 512}}}, 1 << 20);
        spec.launch = LaunchGeometry{{"ceil_div(N, BLOCK)"}, {"BLOCK"}, "0"};
        spec.arguments = {buffer("x", "N", kRandom, true), scalar("n", ElementType::Int32, "N")};
        spec.verification.reference = std::vector<double>{64};
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, spec);
        const Result result = backend.evaluate(Configuration{{512}}, 0);
        QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
        QCOMPARE(result.resources.at("threads_per_block"), 512.0);
        QVERIFY(!result.samples.empty());
        qInfo("%s", qPrintable(describe(result)));
    }

    void fallsBackToEventsWhenCuptiIsTaken()
    {
        std::string why;
        auto holder = CuptiTimer::start(&why); // CUPTI allows one client per process
        QVERIFY2(holder, why.c_str());
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec(1 << 22));
        const Result result = backend.evaluate(Configuration{{256, 0}}, 0);
        QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
        QCOMPARE(result.timer, std::string("cuda_events"));
        QCOMPARE(result.resources.at("cupti_unavailable"), 1.0);
        QCOMPARE(result.summary.median, result.resources.at("event_median_s"));
    }

    // Last: an illegal address leaves this process's CUDA context unusable for good.
    void aNullPointerWriteIsARuntimeErrorAndEndsTheBackend()
    {
        Spec spec = cudaSpec(kPoke, "poke", {{"ADDRESS", {0}}}, 32);
        spec.launch = LaunchGeometry{{"1"}, {"32"}, "0"};
        spec.arguments = {buffer("out", "N", {}, true),
                          scalar("address", ElementType::UInt64, "ADDRESS")};
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, spec);
        QVERIFY(backend.usable());
        const Result result = backend.evaluate(Configuration{{0}}, 0);
        QVERIFY2(result.status == ResultStatus::RuntimeError, qPrintable(describe(result)));
        QVERIFY2(result.message.find("CUDA_ERROR_ILLEGAL_ADDRESS") != std::string::npos,
                 result.message.c_str());
        QVERIFY(!backend.usable());
        const Result after = backend.evaluate(Configuration{{0}}, 0);
        QVERIFY(after.status == ResultStatus::RuntimeError);
    }

private:
    std::string cacheDirectory() const { return m_cache.path().toStdString(); }

    QTemporaryDir m_cache;
};

QTEST_GUILESS_MAIN(TestCudaBackendGpu)
#include "tst_cudabackend_gpu.moc"
