// planCudaRun() on a multi-GPU host, from a probe's answer given by hand: which GPUs measure
// (one model only), which are left out and why, and the architecture they compile for.
#include "backend/cuda/cudadeviceinfo.h"
#include "backend/cuda/cudarunplan.h"
#include "model/spec.h"

#include <QTest>

using namespace tb;

namespace {

GpuIdentity gpu(const char *visible, const char *name, const char *uuid, const char *arch)
{
    return {visible, name, uuid, arch};
}

// A host as the probe sees it: GPUs 0 and 2 are H100s, 1 an A100.
CudaEnvironment mixedHost()
{
    CudaEnvironment cuda;
    cuda.driverFound = true;
    cuda.gpus = {"0", "1", "2"};
    cuda.devices = {gpu("0", "NVIDIA H100 80GB HBM3", "GPU-aaaa", "sm_90"),
                    gpu("1", "NVIDIA A100-SXM4-80GB", "GPU-bbbb", "sm_80"),
                    gpu("2", "NVIDIA H100 80GB HBM3", "GPU-cccc", "sm_90")};
    cuda.arch = "sm_90";
    cuda.deviceName = "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)";
    return cuda;
}

Spec cudaSpec()
{
    Spec spec;
    spec.backend = BackendKind::Cuda;
    return spec;
}

std::vector<std::string> visibleOf(const std::vector<GpuIdentity> &gpus)
{
    std::vector<std::string> visible;
    for (const auto &gpu : gpus)
        visible.push_back(gpu.visibleDevice);
    return visible;
}

} // namespace

class TestCudaRunPlan : public QObject
{
    Q_OBJECT

private slots:
    void everyGpuOfOneModelMeasuresWithItsIdentity()
    {
        CudaEnvironment cuda = mixedHost();
        cuda.gpus = {"0", "2"};
        cuda.devices = {cuda.devices[0], cuda.devices[2]};
        CudaRunRequest request;
        request.gpus = cuda.gpus;
        const CudaRunPlan plan = planCudaRun(cuda, cudaSpec(), request);
        QVERIFY(!plan.compileOnly);
        QCOMPARE(visibleOf(plan.gpus), (std::vector<std::string>{"0", "2"}));
        QCOMPARE(plan.gpus[1].uuid, std::string("GPU-cccc"));
        QVERIFY(plan.leftOut.empty());
        QCOMPARE(plan.announcement, std::string("GPU: NVIDIA H100 80GB HBM3 (sm_90, 132 SMs); "
                                                "2 bench worker(s)"));
    }

    // Results of different models are never ranked together: the first enabled GPU's model
    // measures, the others are left out, and the announcement names them.
    void gpusOfAnotherModelAreLeftOutAndNamed()
    {
        const CudaEnvironment cuda = mixedHost();
        CudaRunRequest request;
        request.gpus = cuda.gpus;
        const CudaRunPlan plan = planCudaRun(cuda, cudaSpec(), request);
        QCOMPARE(visibleOf(plan.gpus), (std::vector<std::string>{"0", "2"}));
        QCOMPARE(visibleOf(plan.leftOut), (std::vector<std::string>{"1"}));
        QVERIFY2(plan.announcement.find("Left out GPU 1 (NVIDIA A100-SXM4-80GB)") !=
                     std::string::npos,
                 plan.announcement.c_str());
        QVERIFY(plan.announcement.find("never ranked together") != std::string::npos);
        QCOMPARE(plan.target.arch, std::string("sm_90"));
    }

    // The run says the peaks its results are judged against: the device's, the spec's winning.
    void theAnnouncementNamesThePeaks()
    {
        CudaEnvironment cuda = mixedHost();
        cuda.devices[0].peaks = devicePeaksOf({9, 0, 132, 1980000, 2619000, 5120});
        CudaRunRequest request;
        request.gpus = {"0"};
        const std::string announcement = planCudaRun(cuda, cudaSpec(), request).announcement;
        QVERIFY2(announcement.find("; peaks 66.9 TFLOP/s FP32 (device), 3.35 TB/s DRAM (device)") !=
                     std::string::npos,
                 announcement.c_str());
        Spec spec = cudaSpec();
        spec.peaks.bytesPerSecond = 3e12;
        spec.peaks.bytesSource = kPeakFromSpec;
        const std::string withSpec = planCudaRun(cuda, spec, request).announcement;
        QVERIFY2(withSpec.find("3 TB/s DRAM (spec)") != std::string::npos, withSpec.c_str());
    }

    // With GPU 0 disabled the A100 comes first: it measures alone, for its own architecture.
    void theFirstEnabledGpuChoosesTheModelAndTheArchitecture()
    {
        const CudaEnvironment cuda = mixedHost();
        CudaRunRequest request;
        request.gpus = {"1", "2"};
        const CudaRunPlan plan = planCudaRun(cuda, cudaSpec(), request);
        QCOMPARE(visibleOf(plan.gpus), (std::vector<std::string>{"1"}));
        QCOMPARE(visibleOf(plan.leftOut), (std::vector<std::string>{"2"}));
        QCOMPARE(plan.target.arch, std::string("sm_80"));
        QVERIFY2(plan.announcement.rfind("GPU: NVIDIA A100-SXM4-80GB; 1 bench worker(s)", 0) == 0,
                 plan.announcement.c_str());
    }

    // A GPU the probe could not name keeps its CUDA_VISIBLE_DEVICES value.
    void anUnnamedGpuKeepsItsVisibleValue()
    {
        CudaEnvironment cuda;
        cuda.driverFound = true;
        cuda.gpus = {"0"};
        CudaRunRequest request;
        request.gpus = {"0"};
        const CudaRunPlan plan = planCudaRun(cuda, cudaSpec(), request);
        QCOMPARE(plan.gpus.size(), std::size_t(1));
        QCOMPARE(plan.gpus[0].visibleDevice, std::string("0"));
        QVERIFY(plan.gpus[0].name.empty());
    }

    void uuidsAreWrittenAsNvidiaSmiWritesThem()
    {
        const unsigned char bytes[16] = {0x5c, 0x8e, 0x9a, 0x2d, 0x1b, 0x3f, 0x4a, 0x6c,
                                         0x8d, 0x2e, 0x0f, 0x1a, 0x2b, 0x3c, 0x4d, 0xff};
        QCOMPARE(formatGpuUuid(bytes), std::string("GPU-5c8e9a2d-1b3f-4a6c-8d2e-0f1a2b3c4dff"));
    }
};

QTEST_GUILESS_MAIN(TestCudaRunPlan)
#include "tst_cudarunplan.moc"
