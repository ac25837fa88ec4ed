// WorkspaceRun: a session's run is resumed or created, held by one process, closed with its
// state; a run of another GPU model is never resumed.
#include "run/workspacerun.h"
#include "runstatetesting.h"

#include "npyfiles.h"
#include "storage/runholder.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;

namespace {

Spec smallSpec()
{
    Spec spec;
    spec.name = "gemm";
    spec.backend = BackendKind::Cuda;
    spec.parameters = {{"BM", {32, 64}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = {{256}};
    spec.document = "{\"name\": \"gemm\"}";
    return spec;
}

SessionOptions optionsOn(const QTemporaryDir &dir, const std::string &gpuName)
{
    SessionOptions options;
    options.workspacePath = dir.filePath("ws.tbw").toStdString();
    options.toolVersion = "test";
    if (!gpuName.empty()) {
        GpuIdentity gpu;
        gpu.name = gpuName;
        options.gpus = {gpu};
    }
    return options;
}

const WorkspaceRun::LogFunction noLog = [](const std::string &) {};

// smallSpec() whose argument 'points' reads points_{N}.npy from `directory`.
Spec dataSpec(const std::string &directory)
{
    Spec spec = smallSpec();
    spec.baseDirectory = directory;
    Argument points;
    points.name = "points";
    points.size = "N";
    points.init.kind = BufferInit::Kind::File;
    points.init.file = "points_{N}.npy";
    spec.arguments = {points};
    return spec;
}

std::vector<RunDataFile> recordedFiles(const SessionOptions &options, std::int64_t runId)
{
    auto store = Store::open(options.workspacePath);
    auto files = store->runs().dataFiles(runId);
    return files ? *files : std::vector<RunDataFile>{};
}

} // namespace

class TestWorkspaceRun : public QObject
{
    Q_OBJECT

private slots:
    void namesTheDeviceARunMeasuresOn()
    {
        Spec spec = smallSpec();
        QTemporaryDir dir;
        QCOMPARE(WorkspaceRun::deviceOf(spec, optionsOn(dir, "H200")), std::string("H200"));
        QCOMPARE(WorkspaceRun::deviceOf(spec, optionsOn(dir, "")), std::string("cuda"));
        SessionOptions compileOnly = optionsOn(dir, "H200");
        compileOnly.compileOnly = true;
        QCOMPARE(WorkspaceRun::deviceOf(spec, compileOnly), std::string("cuda"));
        spec.backend = BackendKind::Cpu;
        QCOMPARE(WorkspaceRun::deviceOf(spec, optionsOn(dir, "H200")), std::string("cpu"));

        QVERIFY(WorkspaceRun::anotherModel("H100", "H200"));
        QVERIFY(!WorkspaceRun::anotherModel("H200", "H200"));
        QVERIFY(!WorkspaceRun::anotherModel("cuda", "H200")); // names no model
        QVERIFY(!WorkspaceRun::anotherModel("H100", "cpu"));
        QVERIFY(!WorkspaceRun::anotherModel("", "H200"));
    }

    void resumesTheLatestRunUnlessFresh()
    {
        QTemporaryDir dir;
        const Spec spec = smallSpec();
        const SessionOptions options = optionsOn(dir, "H200");
        std::int64_t first = 0;
        {
            WorkspaceRun run(spec, options);
            QVERIFY(!run.isOpen());
            QVERIFY(run.open(noLog));
            QVERIFY(run.isOpen());
            QVERIFY(!run.resumed());
            first = run.id();
            QCOMPARE(run.store().runs().read(first)->device, std::string("H200"));
            QVERIFY(run.close(RunState::Stopped));
            QVERIFY(!run.store().runs().read(first)->holder.has_value());
        }
        {
            WorkspaceRun run(spec, options);
            QVERIFY(run.open(noLog));
            QVERIFY(run.resumed());
            QCOMPARE(run.id(), first);
            QVERIFY(run.store().runs().read(first)->holder == currentRunHolder());
            run.closeFailed();
            QCOMPARE(run.store().runs().read(first)->state, tb::RunState::Failed);
        }
        SessionOptions fresh = options;
        fresh.fresh = true;
        WorkspaceRun run(spec, fresh);
        QVERIFY(run.open(noLog));
        QVERIFY(!run.resumed());
        QVERIFY(run.id() != first);
    }

    void startsBesideARunOfAnotherModel()
    {
        QTemporaryDir dir;
        const Spec spec = smallSpec();
        const SessionOptions onH100 = optionsOn(dir, "H100"); // a run keeps the options it reads
        const SessionOptions onH200 = optionsOn(dir, "H200");
        WorkspaceRun h100(spec, onH100);
        QVERIFY(h100.open(noLog));
        QVERIFY(h100.close(RunState::Stopped));

        std::string said;
        WorkspaceRun h200(spec, onH200);
        QVERIFY(h200.open([&](const std::string &line) { said = line; }));
        QVERIFY(!h200.resumed());
        QVERIFY(h200.id() != h100.id());
        QVERIFY(said.find("never ranked together") != std::string::npos);
    }

    void refusesARunAnotherLiveProcessHolds()
    {
        QTemporaryDir dir;
        const Spec spec = smallSpec();
        const SessionOptions options = optionsOn(dir, "H200");
        QProcess other;
        other.start("sleep", {"60"});
        QVERIFY(other.waitForStarted());
        {
            auto store = Store::open(options.workspacePath);
            QVERIFY(store);
            RunRecord record;
            record.specId = *store->specs().save(spec);
            record.device = "H200";
            record.holder = runHolderOf(other.processId());
            QVERIFY(store->runs().create(record));
        }
        WorkspaceRun run(spec, options);
        const Status refused = run.open(noLog);
        run.closeFailed(); // not its run: nothing changes
        const tb::RunState state = run.store().runs().latest(run.specId()).value()->state;
        other.kill();
        other.waitForFinished();
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, EngineError::Code::Busy);
        QCOMPARE(state, tb::RunState::Running);
    }

    // The record names each data file with its hash; a resume whose data changed is refused
    // with the file named, unless the user allows it (then the log warns and the new hash is
    // recorded); --fresh starts a run beside it.
    void recordsDataFilesAndRefusesChangedData()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        const std::string file = base + "/points_256.npy";
        QVERIFY(tbtest::writeNpy(file, "<f4", std::vector<float>(256, 1.0f)));
        const Spec spec = dataSpec(base);
        SessionOptions options = optionsOn(dir, "H200");
        std::int64_t first = 0;
        std::string firstHash;
        {
            WorkspaceRun run(spec, options);
            QVERIFY(run.open(noLog));
            first = run.id();
            QVERIFY(run.close(RunState::Stopped));
        }
        const auto recorded = recordedFiles(options, first);
        QCOMPARE(recorded.size(), std::size_t(1));
        QCOMPARE(recorded[0].argument, std::string("points"));
        QCOMPARE(recorded[0].path, file);
        QCOMPARE(recorded[0].hash.size(), std::size_t(16));
        firstHash = recorded[0].hash;
        {
            WorkspaceRun same(spec, options); // unchanged data: resumed silently
            QVERIFY(same.open(noLog));
            QVERIFY(same.resumed());
            QVERIFY(same.close(RunState::Stopped));
        }

        QVERIFY(tbtest::writeNpy(file, "<f4", std::vector<float>(256, 2.0f)));
        {
            WorkspaceRun refused(spec, options);
            const Status opened = refused.open(noLog);
            QVERIFY(!opened);
            const std::string message = opened.error().toString();
            QVERIFY2(message.find("points_256.npy") != std::string::npos &&
                         message.find("--allow-changed-data") != std::string::npos,
                     message.c_str());
        }
        QCOMPARE(recordedFiles(options, first)[0].hash, firstHash); // left as it was

        options.allowChangedData = true;
        std::string logged;
        {
            WorkspaceRun allowed(spec, options);
            QVERIFY(allowed.open([&](const std::string &line) { logged += line; }));
            QVERIFY(allowed.resumed());
            QCOMPARE(allowed.id(), first);
            QVERIFY(allowed.close(RunState::Stopped));
        }
        QVERIFY2(logged.find("warning") != std::string::npos &&
                     logged.find("points_256.npy") != std::string::npos,
                 logged.c_str());
        QVERIFY(recordedFiles(options, first)[0].hash != firstHash);

        QVERIFY(tbtest::writeNpy(file, "<f4", std::vector<float>(256, 3.0f)));
        options.allowChangedData = false;
        options.fresh = true;
        WorkspaceRun fresh(spec, options);
        QVERIFY(fresh.open(noLog));
        QVERIFY(!fresh.resumed());
        QVERIFY(fresh.id() != first);
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceRun)
#include "tst_workspacerun.moc"
