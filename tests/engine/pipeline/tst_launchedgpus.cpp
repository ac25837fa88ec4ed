// A CUDA run whose measuring workers start through a launcher knows their GPUs only from their
// hellos (JobPipeline::adoptLaunchedGpus). Against tb_fake_faulty_worker as FAKE hardware
// (TB_FAKE_GPUS: the GPU its hello names, by CUDA_VISIBLE_DEVICES) behind the FAKE ssh
// (tests/app/data/fakessh.sh: the quoted command to a local /bin/sh): the lanes' GPUs, the
// compile target learned from them, each result's GPU, and lanes no build could serve.
#include "pipeline/jobpipeline.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <optional>

using namespace tb;
using namespace std::chrono_literals;

namespace {

constexpr const char *kTwoH100 =
    "NVIDIA H100 80GB HBM3|GPU-aaaa|sm_90;NVIDIA H100 80GB HBM3|GPU-bbbb|sm_90";
constexpr const char *kH100AndA100 =
    "NVIDIA H100 80GB HBM3|GPU-aaaa|sm_90;NVIDIA A100-SXM4-40GB|GPU-cccc|sm_80";

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

// One ssh host listed twice: two measuring workers, on its GPUs 0 and 1.
PipelineSettings launchedCudaRun(const QTemporaryDir &cache, std::string arch = {})
{
    PipelineSettings settings;
    settings.backend = BackendKind::Cuda;
    settings.workerCommand = {TB_FAKE_WORKER_PATH};
    settings.cacheDirectory = cache.path().toStdString();
    settings.specDocument = "{}";
    settings.compileWorkers = 1;
    settings.arch = std::move(arch);
    for (int i = 0; i < 2; ++i) {
        LauncherSettings launcher;
        launcher.kind = LauncherKind::Ssh;
        launcher.program = TB_FAKE_SSH_PATH;
        launcher.host = "gpunode";
        settings.benchLaunchers.push_back(launcher);
    }
    return settings;
}

// One configuration (the fake worker's "ok" job) through the pipeline, up to 10 s; `onLane`:
// pinned to that bench lane, as a finalist's round is.
std::vector<JobPipeline::Finished> measureOne(JobPipeline &pipeline,
                                              std::optional<std::size_t> onLane = std::nullopt)
{
    static std::uint64_t token = 0;
    pipeline.submit(++token, Configuration{{0}}, 0, onLane);
    for (int i = 0; i < 200; ++i) {
        auto polled = pipeline.poll(50ms);
        if (!polled)
            qFatal("poll failed: %s", polled.error().toString().c_str());
        if (!polled->empty())
            return std::move(polled.value());
    }
    return {};
}

std::string joined(const std::vector<std::string> &lines)
{
    std::string text;
    for (const auto &line : lines)
        text += line + "\n";
    return text;
}

} // namespace

class TestLaunchedGpus : public QObject
{
    Q_OBJECT
    QTemporaryDir m_cache;

private slots:
    void cleanup() { qunsetenv("TB_FAKE_GPUS"); }

    void theLanesGpusComeFromTheirHellos()
    {
        qputenv("TB_FAKE_GPUS", kTwoH100);
        JobPipeline pipeline(launchedCudaRun(m_cache));
        const Status started = pipeline.start();
        QVERIFY2(started.hasValue(), started ? "" : started.error().toString().c_str());
        const auto &gpus = pipeline.launchedGpus();
        QCOMPARE(gpus.size(), std::size_t(2));
        QCOMPARE(gpus[0].uuid, std::string("GPU-aaaa"));
        QCOMPARE(gpus[1].uuid, std::string("GPU-bbbb")); // the host's second GPU
        QCOMPARE(gpus[1].visibleDevice, std::string("1"));
        // No architecture given: the compile workers build for the launched GPUs'.
        const std::string log = joined(pipeline.takeLogLines());
        QVERIFY2(contains(log, "compiles for sm_90"), log.c_str());

        // A compiled configuration is measured on a lane and carries that lane's GPU.
        const auto finished = measureOne(pipeline);
        QCOMPARE(finished.size(), std::size_t(1));
        const Result &result = finished.front().result;
        QCOMPARE(result.device, std::string("NVIDIA H100 80GB HBM3"));
        QVERIFY2(result.deviceUuid == "GPU-aaaa" || result.deviceUuid == "GPU-bbbb",
                 result.deviceUuid.c_str());
        pipeline.stop();
    }

    void lanesOfAnotherArchitectureEndTheStart()
    {
        qputenv("TB_FAKE_GPUS", kH100AndA100);
        JobPipeline pipeline(launchedCudaRun(m_cache));
        const Status started = pipeline.start();
        QVERIFY(!started.hasValue());
        const std::string message = started.error().toString();
        QVERIFY2(contains(message, "the run compiles for sm_90, which these launched GPUs cannot "
                                   "load: NVIDIA A100-SXM4-40GB (sm_80) on ssh gpunode"),
                 message.c_str());
        QVERIFY2(contains(message, "GPUs of one model"), message.c_str());
        pipeline.stop();
    }

    // Built where measured (--compile-on nodes): no compile worker starts here, each measuring
    // worker builds for its own GPU, so GPUs of two architectures share one run.
    void builtWhereMeasuredAnyArchitectureMayJoin()
    {
        qputenv("TB_FAKE_GPUS", kH100AndA100);
        PipelineSettings settings = launchedCudaRun(m_cache);
        settings.compileWhereMeasured = true;
        JobPipeline pipeline(settings);
        const Status started = pipeline.start();
        QVERIFY2(started.hasValue(), started ? "" : started.error().toString().c_str());
        QCOMPARE(pipeline.launchedGpus().size(), std::size_t(2));
        QCOMPARE(pipeline.launchedGpus()[1].arch, std::string("sm_80"));
        const auto finished = measureOne(pipeline);
        QCOMPARE(finished.size(), std::size_t(1));
        QVERIFY(!finished.front().result.deviceUuid.empty());
        const std::string log = joined(pipeline.takeLogLines());
        QVERIFY2(!contains(log, "cuda-compile"), log.c_str());
        pipeline.stop();
    }

    // An architecture the user chose is what the builds are for: lanes of another cannot load them.
    void aChosenArchitectureIsKept()
    {
        qputenv("TB_FAKE_GPUS", kTwoH100);
        JobPipeline pipeline(launchedCudaRun(m_cache, "sm_80"));
        const Status started = pipeline.start();
        QVERIFY(!started.hasValue());
        QVERIFY2(contains(started.error().toString(), "the run compiles for sm_80"),
                 started.error().toString().c_str());
        pipeline.stop();
    }

    // A location whose worker cannot start (here its launcher is missing) is dropped at the
    // start with its reason; the other one measures. With none started the start fails.
    void aLaneThatCannotStartIsDroppedAndTheRunGoesOn()
    {
        qputenv("TB_FAKE_GPUS", kTwoH100);
        PipelineSettings settings = launchedCudaRun(m_cache);
        settings.benchLaunchers[1].program = "/nonexistent/ssh";
        JobPipeline pipeline(settings);
        const Status started = pipeline.start();
        QVERIFY2(started.hasValue(), started ? "" : started.error().toString().c_str());
        QVERIFY(pipeline.benchLaneDropped(0).empty());
        QVERIFY2(contains(pipeline.benchLaneDropped(1), "cannot start the cuda workers"),
                 pipeline.benchLaneDropped(1).c_str());
        const std::string log = joined(pipeline.takeLogLines());
        QVERIFY2(contains(log, "ssh gpunode dropped at its start (cannot start the cuda workers"),
                 log.c_str());
        QVERIFY2(contains(log, "compiles for sm_90"), log.c_str());
        const auto finished = measureOne(pipeline);
        QCOMPARE(finished.size(), std::size_t(1));
        QCOMPARE(finished.front().result.deviceUuid, std::string("GPU-aaaa"));
        // A finalist pinned to the dropped lane is measured on the one left, not waited for.
        const auto pinned = measureOne(pipeline, 1);
        QCOMPARE(pinned.size(), std::size_t(1));
        QCOMPARE(pinned.front().result.deviceUuid, std::string("GPU-aaaa"));

        // A round's new workers: the dropped location is not tried again (each try would cost
        // a start timeout); it stays dropped with its reason, and the other one measures.
        QVERIFY(pipeline.restartBenchWorkers().hasValue());
        const auto again = measureOne(pipeline, 1);
        QCOMPARE(again.size(), std::size_t(1));
        QVERIFY2(contains(pipeline.benchLaneDropped(1), "cannot start the cuda workers"),
                 pipeline.benchLaneDropped(1).c_str());
        const std::string later = joined(pipeline.takeLogLines());
        QVERIFY2(!contains(later, "dropped at its start"), later.c_str()); // not tried again
        pipeline.stop();

        settings.benchLaunchers[0].program = "/nonexistent/ssh";
        JobPipeline none(settings);
        QVERIFY(!none.start().hasValue());
        none.stop();
    }

    void aWorkerThatNamesNoGpuEndsTheStart()
    {
        JobPipeline pipeline(launchedCudaRun(m_cache)); // no TB_FAKE_GPUS: no GPU named
        const Status started = pipeline.start();
        QVERIFY(!started.hasValue());
        QVERIFY2(
            contains(started.error().toString(), "ssh gpunode: its measuring worker named no GPU"),
            started.error().toString().c_str());
        pipeline.stop();
    }
};

QTEST_GUILESS_MAIN(TestLaunchedGpus)
#include "tst_launchedgpus.moc"
