// What a Session says of its bench workers, with real worker processes and a real workspace:
// one lane per bench worker (what each measures now), the progress's GPU counts, and the GPU
// model a run names, by which a run measured on another model is never resumed.
#include "run/session.h"
#include "sessiontestoptions.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <set>

using namespace tb;

namespace {

class LaneListener : public SessionListener
{
public:
    std::atomic<bool> stop{false};
    bool stopAtStart = false;
    bool resumed = false;
    std::int64_t runId = 0;
    std::vector<BenchLane> lanes;
    std::vector<Progress> progress;
    std::set<std::string> started;
    std::vector<std::string> log;

    void onRunStarted(std::int64_t id, bool wasResumed) override
    {
        runId = id;
        resumed = wasResumed;
        if (stopAtStart)
            stop = true;
    }
    void onConfigStarted(std::size_t, const std::string &key) override { started.insert(key); }
    void onBenchLane(const BenchLane &lane) override { lanes.push_back(lane); }
    void onProgress(const Progress &value) override { progress.push_back(value); }
    void onLog(const std::string &line) override { log.push_back(line); }
};

Spec loadSpec(const char *relative)
{
    auto spec = SpecLoader().loadFile((tbtest::sourceDir() + relative).toStdString());
    if (!spec)
        qFatal("cannot load %s: %s", relative, spec.error().toString().c_str());
    spec->measurement.processRounds = spec->measurement.maxProcessRounds = 1;
    return spec.value();
}

SessionOptions optionsFor(const QTemporaryDir &dir, LaneListener &listener)
{
    return tbtest::sessionTestOptions(dir, listener.stop);
}

GpuIdentity h100(const char *visible)
{
    return {visible, "NVIDIA H100 80GB HBM3", std::string("GPU-0000000") + visible, "sm_90"};
}

// A run of `spec` stored with `device` as its GPU model, as an earlier process left it.
std::int64_t storeRunMeasuredOn(const std::string &workspace, const Spec &spec,
                                const std::string &device)
{
    auto store = Store::open(workspace);
    if (!store)
        qFatal("%s", store.error().toString().c_str());
    auto specId = store->specs().save(spec);
    RunRecord record;
    record.specId = *specId;
    record.device = device;
    record.state = RunState::Stopped;
    auto runId = store->runs().create(record);
    if (!runId)
        qFatal("%s", runId.error().toString().c_str());
    return *runId;
}

} // namespace

class TestSessionLanes : public QObject
{
    Q_OBJECT

private slots:
    // The CPU backend has one bench lane, its measuring worker: told idle when the workers
    // start, then busy with each configuration it measures, and idle again at the end.
    void theMeasuringWorkerIsALane()
    {
        QTemporaryDir dir;
        const Spec spec = loadSpec("/tests/app/data/faulty.json");
        LaneListener listener;
        Session session(spec, optionsFor(dir, listener), listener);
        auto summary = session.run();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());

        QVERIFY(listener.lanes.size() >= 3);
        QCOMPARE(listener.lanes.front().lanes, std::size_t(1));
        QCOMPARE(listener.lanes.front().device, std::string("CPU"));
        QVERIFY(!listener.lanes.front().busy);
        QVERIFY(!listener.lanes.back().busy);
        std::size_t busy = 0;
        for (const BenchLane &lane : listener.lanes) {
            QCOMPARE(lane.lane, std::size_t(0));
            if (!lane.busy)
                continue;
            ++busy;
            QVERIFY2(listener.started.count(lane.configKey), lane.configKey.c_str());
            QCOMPARE(lane.sizeLabel, std::string("N=4096"));
            QCOMPARE(lane.round, 1);
        }
        QVERIFY(busy >= 1);
        // A CPU run has no GPUs to count.
        for (const Progress &progress : listener.progress) {
            QCOMPARE(progress.gpus, std::uint64_t(0));
            QCOMPARE(progress.gpusBusy, std::uint64_t(0));
        }
        // Results of the CPU backend name no GPU: a measured one's device is its worker's
        // "cpu: MODEL"; one that failed to build names none.
        auto store = Store::open(optionsFor(dir, listener).workspacePath);
        auto results = store->results().ofRun(summary->runId);
        QVERIFY(results.hasValue() && !results->empty());
        for (const auto &stored : *results) {
            QVERIFY(stored.result.deviceUuid.empty());
            if (stored.result.status == ResultStatus::Ok)
                QVERIFY2(stored.result.device.rfind("cpu", 0) == 0, stored.result.device.c_str());
        }
        QCOMPARE(store->runs().read(summary->runId)->device, std::string("cpu"));
    }

    // A CUDA run names its GPU model; the latest run of the spec is resumed only where it was
    // measured on that model (or names none: a run from before models were recorded).
    void aRunOfAnotherGpuModelIsNotResumed_data()
    {
        QTest::addColumn<QString>("earlierDevice");
        QTest::addColumn<bool>("resumed");
        QTest::newRow("same model") << "NVIDIA H100 80GB HBM3" << true;
        QTest::newRow("no model recorded") << "cuda" << true;
        QTest::newRow("another model") << "NVIDIA A100-SXM4-80GB" << false;
    }

    void aRunOfAnotherGpuModelIsNotResumed()
    {
        QFETCH(QString, earlierDevice);
        QFETCH(bool, resumed);
        QTemporaryDir dir;
        const Spec spec = loadSpec("/resources/examples/copy_scale/copy_scale.json");
        LaneListener listener;
        listener.stopAtStart = true; // the policy is decided before any worker starts
        SessionOptions options = optionsFor(dir, listener);
        options.gpus = {h100("0"), h100("1")};
        const std::int64_t earlier =
            storeRunMeasuredOn(options.workspacePath, spec, earlierDevice.toStdString());

        Session session(spec, options, listener);
        auto summary = session.run();
        QVERIFY2(summary.hasValue(), summary.hasValue() ? "" : summary.error().toString().c_str());
        QCOMPARE(listener.resumed, resumed);
        QCOMPARE(listener.runId == earlier, resumed);
        bool told = false;
        for (const auto &line : listener.log)
            told = told || (line.find(earlierDevice.toStdString()) != std::string::npos &&
                            line.find("never ranked together") != std::string::npos);
        QCOMPARE(told, !resumed);
        if (!resumed) {
            auto store = Store::open(options.workspacePath);
            QCOMPARE(store->runs().read(listener.runId)->device,
                     std::string("NVIDIA H100 80GB HBM3"));
        }
    }

    // The bench workers start first and the compile workers only once those are ready: side
    // by side the NVRTC processes slowed the bench workers' CUDA start 3-6 fold
    // (bench/results/multigpu.md). A bench worker that cannot start (here: a GPU that no
    // machine has) fails the run before any compile worker was started.
    void theBenchWorkersStartBeforeTheCompileWorkers()
    {
        QTemporaryDir dir;
        const Spec spec = loadSpec("/resources/examples/copy_scale/copy_scale.json");
        LaneListener listener;
        SessionOptions options = optionsFor(dir, listener);
        options.gpus = {{"GPU-00000000-0000-0000-0000-000000000000", "NVIDIA H100 80GB HBM3",
                         "GPU-00000000-0000-0000-0000-000000000000", "sm_90"}};

        Session session(spec, options, listener);
        auto summary = session.run();
        QVERIFY(!summary.hasValue());
        const std::string error = summary.error().toString();
        QVERIFY2(error.find("cuda workers") != std::string::npos, error.c_str());
        bool benchTried = false;
        for (const auto &line : listener.log) {
            QVERIFY2(line.find("cuda-compile supervisor: worker 0 started") == std::string::npos,
                     line.c_str());
            benchTried = benchTried || line.starts_with("cuda supervisor:");
        }
        QVERIFY(benchTried);
    }
};

QTEST_GUILESS_MAIN(TestSessionLanes)
#include "tst_sessionlanes.moc"
