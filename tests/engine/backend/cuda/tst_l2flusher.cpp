// The L2 flush kernel, built with NVRTC for real (no GPU needed) for every architecture in the
// device table: its discard pass is sm_80+ PTX, so an sm_75 build proves the guard around it.
// Flushing on a GPU runs in every measurement of tst_cudabackend_gpu.
#include "backend/cuda/compile/nvrtccompiler.h"
#include "backend/cuda/l2flusher.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;

class TestL2Flusher : public QObject
{
    Q_OBJECT

private slots:
    void buildsTheFlushKernelForEveryArchitecture()
    {
        QTemporaryDir cache;
        QVERIFY(cache.isValid());
        for (const char *arch : {"sm_75", "sm_80", "sm_90", "sm_100", "sm_120"}) {
            CudaCompileOptions options;
            options.arch = arch;
            const NvrtcCompiler compiler(cache.path().toStdString(), options);
            KernelSource source;
            source.code = L2Flusher::kernelSource();
            source.entry = "tb_l2_flush";
            source.language = "cuda";
            const CudaBuild build = compiler.build(source, {}, Configuration{});
            QVERIFY2(build.succeeded(), (std::string(arch) + ": " + build.errorMessage).c_str());
            QCOMPARE(build.loweredName, std::string("tb_l2_flush"));
            QVERIFY2(build.usage.spillStoreBytes == 0, arch);
        }
    }
};

QTEST_GUILESS_MAIN(TestL2Flusher)
#include "tst_l2flusher.moc"
