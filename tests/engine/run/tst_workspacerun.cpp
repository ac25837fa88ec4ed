// WorkspaceRun: a session's run is resumed or created, held by one process, closed with its
// state; a run of another GPU model is never resumed.
#include "run/workspacerun.h"

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
            QCOMPARE(run.store().runs().read(first)->state, std::string("failed"));
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
        const std::string state = run.store().runs().latest(run.specId()).value()->state;
        other.kill();
        other.waitForFinished();
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, EngineError::Code::Busy);
        QCOMPARE(state, std::string("running"));
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceRun)
#include "tst_workspacerun.moc"
