// Tunebench's own helper kernels, built with NVRTC for real (no GPU needed) for every
// architecture in the device table: the L2 flush's discard pass is sm_80+ PTX, so an sm_75
// build proves the guard around it. They run on a GPU in every measurement of
// tst_cudabackend_gpu.
#include "backend/cuda/compile/nvrtccompiler.h"
#include "backend/cuda/contextswitcher.h"
#include "backend/cuda/l2flusher.h"
#include "backend/cuda/smclockprobe.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestInternalKernels : public QObject
{
    Q_OBJECT

private slots:
    void buildsForEveryArchitecture_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("code");
        QTest::newRow("L2 flush") << "tb_l2_flush" << L2Flusher::kernelSource();
        QTest::newRow("SM clock probe") << "tb_sm_clock" << SmClockProbe::kernelSource();
        QTest::newRow("context switch") << "tb_context_switch" << ContextSwitcher::kernelSource();
    }

    void buildsForEveryArchitecture()
    {
        QFETCH(QString, entry);
        QFETCH(QString, code);
        QTemporaryDir cache;
        QVERIFY(cache.isValid());
        for (const char *arch : {"sm_75", "sm_80", "sm_90", "sm_100", "sm_120"}) {
            CudaCompileOptions options;
            options.arch = arch;
            const NvrtcCompiler compiler(cache.path().toStdString(), options);
            KernelSource source;
            source.code = code.toStdString();
            source.entry = entry.toStdString();
            source.language = "cuda";
            const CudaBuild build = compiler.build(source, {}, Configuration{});
            QVERIFY2(build.succeeded(), (std::string(arch) + ": " + build.errorMessage).c_str());
            QCOMPARE(build.loweredName, source.entry);
            QVERIFY2(build.usage.spillStoreBytes == 0, arch);
        }
    }
};

QTEST_GUILESS_MAIN(TestInternalKernels)
#include "tst_internalkernels.moc"
