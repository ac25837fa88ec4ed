#include "kernel/resourceusageview.h"

#include <QTest>

using namespace tb;

namespace {

CompileOutcome cudaOutcome()
{
    CompileOutcome outcome;
    outcome.built = true;
    outcome.target = "sm_90";
    outcome.result.compileSeconds = 0.25;
    outcome.result.resources = {{"registers", 32},          {"spill_stores", 8},
                                {"spill_loads", 12},        {"stack_frame", 16},
                                {"static_shared", 4096},    {"dynamic_shared", 1024},
                                {"threads_per_block", 256}, {"blocks_per_sm", 8},
                                {"warps_per_sm", 64},       {"occupancy", 1.0}};
    return outcome;
}

} // namespace

class TestResourceUsageView : public QObject
{
    Q_OBJECT
private slots:
    void showsEveryCudaFigure()
    {
        ResourceUsageView view;
        view.showOutcome(cudaOutcome(), true);
        QCOMPARE(view.headline(), QStringLiteral("Compiled for sm_90."));
        QCOMPARE(view.figure(QStringLiteral("registers")), QStringLiteral("32"));
        QCOMPARE(view.figure(QStringLiteral("spill_stores")), QStringLiteral("8 B"));
        QCOMPARE(view.figure(QStringLiteral("spill_loads")), QStringLiteral("12 B"));
        QCOMPARE(view.figure(QStringLiteral("stack_frame")), QStringLiteral("16 B"));
        QCOMPARE(view.figure(QStringLiteral("shared")),
                 QStringLiteral("4096 B static + 1024 B dynamic"));
        QCOMPARE(view.figure(QStringLiteral("threads_per_block")), QStringLiteral("256"));
        QCOMPARE(view.figure(QStringLiteral("occupancy")),
                 QStringLiteral("8 blocks, 64 warps per SM (100%)"));
        QCOMPARE(view.figure(QStringLiteral("compile_time")), QStringLiteral("250 ms"));
        QCOMPARE(view.figure(QStringLiteral("built")), QString()); // a cpu row
    }

    void showsACpuBuildAndFailures()
    {
        ResourceUsageView view;
        CompileOutcome built;
        built.built = true;
        built.target = "cc";
        built.result.compileSeconds = 1.5;
        built.result.cachedBuild = true;
        view.showOutcome(built, false);
        QCOMPARE(view.headline(), QStringLiteral("Built with cc."));
        QCOMPARE(view.figure(QStringLiteral("built")), QStringLiteral("yes"));
        QCOMPARE(view.figure(QStringLiteral("compile_time")), QStringLiteral("1.50 s (cached)"));
        QCOMPARE(view.figure(QStringLiteral("registers")), QString());

        CompileOutcome failed;
        failed.result.status = ResultStatus::CompileError;
        failed.result.message = "compilation failed: k.c:3:1: error: x";
        view.showOutcome(failed, false);
        QCOMPARE(view.headline(),
                 QStringLiteral("compile_error: compilation failed: k.c:3:1: error: x"));
        QCOMPARE(view.figure(QStringLiteral("built")), QStringLiteral("no"));

        CompileOutcome noWorker;
        noWorker.failure = "cannot start the cuda-compile worker: no such file";
        view.showOutcome(noWorker, true);
        QVERIFY(view.headline().contains(QStringLiteral("no such file")));
        QCOMPARE(view.figure(QStringLiteral("registers")), QString());
        QCOMPARE(view.figure(QStringLiteral("compile_time")), QString());

        view.showPlaceholder(QStringLiteral("nothing yet"));
        QCOMPARE(view.headline(), QStringLiteral("nothing yet"));
    }
};

QTEST_MAIN(TestResourceUsageView)
#include "tst_resourceusageview.moc"
