// One CUDA configuration compiled as a run's compile stage does: a cuda-compile worker (NVRTC,
// no GPU needed) under a Supervisor, the target chosen by the run's rule.
#include "backend/cuda/cudaenvironment.h"
#include "backend/cuda/cudarunplan.h"
#include "examplecompilerequest.h"
#include "tasks/cudaconfigurationbuild.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestCudaConfigurationBuild : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    CompileRequest request(const QString &example)
    {
        return tbtest::exampleCompileRequest(m_dir, example, 60);
    }

    static CompileOutcome compile(const CompileRequest &r)
    {
        const std::atomic<bool> cancelled{false};
        return buildCudaConfiguration(r, cancelled);
    }

private slots:
#if TUNEBENCH_HAVE_CUDA
    void compilesACudaConfigInAWorkerWithoutAGpu()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.arch = "sm_80";
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        QCOMPARE(tbtest::statusName(outcome.result.status), QStringLiteral("ok"));
        QVERIFY(outcome.built);
        QCOMPARE(outcome.target, std::string("sm_80"));
        QVERIFY(outcome.result.resource("registers").value_or(0) > 0);
        QCOMPARE(outcome.result.resource("threads_per_block").value_or(0), 256.0);
        QVERIFY(outcome.result.resource("warps_per_sm").value_or(0) > 0);
        QVERIFY(outcome.result.compilerLog.find("ptxas") != std::string::npos);
    }

    // Automatic target: the rule every run follows (compiletarget.h). Without a GPU here the
    // spec's kernel.arch wins; with one, the GPU's own, as a run on this machine measures.
    void theAutomaticTargetFollowsTheRunsRule()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.spec.kernel.arch = "sm_86";
        const CompileOutcome outcome = compile(r);
        QVERIFY2(outcome.failure.empty(), outcome.failure.c_str());
        const CudaEnvironment cuda = probeCudaEnvironment();
        if (cuda.gpus.empty()) {
            QCOMPARE(outcome.target, std::string("sm_86"));
            QCOMPARE(outcome.targetReason, std::string("the spec's kernel.arch"));
        } else {
            QCOMPARE(outcome.target, cuda.arch);
        }
    }

    void saysWhenTheWorkerCannotStart()
    {
        CompileRequest r = request(QStringLiteral("copy_scale"));
        r.workerPath = m_dir.filePath(QStringLiteral("no-such-worker")).toStdString();
        const CompileOutcome outcome = compile(r);
        QVERIFY(outcome.failure.find("cannot start the cuda-compile worker") != std::string::npos);
        QVERIFY(!outcome.built);
    }
#else
    void saysThatThisBuildHasNoCudaBackend()
    {
        const CompileOutcome outcome = compile(request(QStringLiteral("copy_scale")));
        QCOMPARE(outcome.failure, std::string(kNoCudaBackend));
        QVERIFY(!outcome.built);
    }
#endif
};

QTEST_GUILESS_MAIN(TestCudaConfigurationBuild)
#include "tst_cudaconfigurationbuild.moc"
