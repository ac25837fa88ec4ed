// Runs on a GPU only (label gpu): every test fails, none skips, when there is no GPU. Output
// verification: tst_cudaverification_gpu.
#include "backend/cuda/cudabackend.h"
#include "backend/cuda/cuptitimer.h"
#include "gputestspecs.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tb;
using namespace tbtest;

namespace {

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

        const Result result = backend.evaluate(Configuration{{128, 0}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
        QCOMPARE(result.timer, std::string("cupti"));
        QVERIFY(result.samples.size() >= 10);
        QCOMPARE(result.summary.count, static_cast<int>(result.samples.size()));
        QVERIFY2(result.summary.median >= 100e-6, qPrintable(describe(result)));
        const double events = result.resources.at("event_median_s");
        QVERIFY2(std::fabs(result.summary.median - events) <= 0.1 * events,
                 qPrintable(describe(result)));
        QVERIFY(result.resources.count("cupti_unavailable") == 0);
        // A switch to the second context and back before the warm-up and every batch.
        QVERIFY2(result.resources.at("context_switches") >= 2, qPrintable(describe(result)));
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

    // measurement.energy_seconds: a back-to-back run read by NVML's energy counter gives the
    // energy per launch as the average power times the back-to-back time of a launch. Without
    // it, none.
    void measuresEnergyPerLaunch()
    {
        CudaBackend backend(cacheDirectory());
        Spec spec = copyScaleSpec();
        spec.measurement.energySeconds = 1.0;
        PREPARE(backend, spec);
        const Result result = backend.evaluate(Configuration{{256, 0}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
        qInfo("%s", qPrintable(describe(result)));
        const auto &figures = result.resources;
        QVERIFY2(figures.count("energy_j") == 1, qPrintable(describe(result)));
        const double watts = figures.at("power_w");
        QVERIFY2(watts > 50 && watts < 2000, qPrintable(describe(result)));
        QVERIFY(figures.at("energy_window_s") >= 1.0 && figures.at("energy_window_s") < 1.5);
        QVERIFY(figures.at("energy_rel_uncertainty") < 0.05);
        const double launch = figures.at("energy_launch_s");
        // Back to back, with no flush between launches: near the timed median, not far from it.
        QVERIFY2(launch > 0.5 * result.summary.median && launch < 2 * result.summary.median,
                 qPrintable(describe(result)));
        QVERIFY(std::fabs(figures.at("energy_j") - watts * launch) <= 1e-9 * watts);

        CudaBackend timeOnly(cacheDirectory());
        PREPARE(timeOnly, copyScaleSpec());
        const Result plain = timeOnly.evaluate(Configuration{{256, 0}}, 0, kNoStopAbove);
        QVERIFY(plain.status == ResultStatus::Ok);
        QVERIFY(plain.resources.count("energy_j") == 0);
    }

    void refusesTooManyThreadsPerBlock()
    {
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec(1 << 20));
        const Result result = backend.evaluate(Configuration{{2048, 0}}, 0, kNoStopAbove);
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
        const Result result = backend.evaluate(Configuration{{98304}}, 0, kNoStopAbove);
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
        // Each instantiation is timed by CUPTI (issue 34, item 1), the reference's too.
        for (const double block : {512.0, 64.0}) {
            const Result result = backend.evaluate(Configuration{{block}}, 0, kNoStopAbove);
            QVERIFY2(result.status == ResultStatus::Ok, qPrintable(describe(result)));
            QCOMPARE(result.resources.at("threads_per_block"), block);
            QVERIFY(!result.samples.empty());
            QVERIFY2(result.timer == "cupti", qPrintable(describe(result)));
            QVERIFY(result.resources.count("cupti_unavailable") == 0);
            qInfo("%s", qPrintable(describe(result)));
        }
    }

    void fallsBackToEventsWhenCuptiIsTaken()
    {
        std::string why;
        auto holder = CuptiTimer::start(&why); // CUPTI allows one client per process
        QVERIFY2(holder, why.c_str());
        CudaBackend backend(cacheDirectory());
        PREPARE(backend, copyScaleSpec(1 << 22));
        const Result result = backend.evaluate(Configuration{{256, 0}}, 0, kNoStopAbove);
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
        const Result result = backend.evaluate(Configuration{{0}}, 0, kNoStopAbove);
        QVERIFY2(result.status == ResultStatus::RuntimeError, qPrintable(describe(result)));
        QVERIFY2(result.message.find("CUDA_ERROR_ILLEGAL_ADDRESS") != std::string::npos,
                 result.message.c_str());
        QVERIFY(!backend.usable());
        const Result after = backend.evaluate(Configuration{{0}}, 0, kNoStopAbove);
        QVERIFY(after.status == ResultStatus::RuntimeError);
    }

private:
    std::string cacheDirectory() const { return m_cache.path().toStdString(); }

    QTemporaryDir m_cache;
};

QTEST_GUILESS_MAIN(TestCudaBackendGpu)
#include "tst_cudabackend_gpu.moc"
