#include "backend/cuda/cudafailure.h"

#include <QTest>

using namespace tb;

Q_DECLARE_METATYPE(CUresult)
Q_DECLARE_METATYPE(tb::ResultStatus)

class TestCudaFailure : public QObject
{
    Q_OBJECT

private slots:
    void classifiesEachError_data()
    {
        QTest::addColumn<CUresult>("code");
        QTest::addColumn<ResultStatus>("status");
        QTest::addColumn<bool>("breaks");
        const auto row = [](const char *name, CUresult code, ResultStatus status, bool breaks) {
            QTest::newRow(name) << code << status << breaks;
        };
        row("success", CUDA_SUCCESS, ResultStatus::Ok, false);
        // The configuration asked for too much: the context is fine.
        row("invalid value", CUDA_ERROR_INVALID_VALUE, ResultStatus::InvalidLaunch, false);
        row("out of resources", CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, ResultStatus::InvalidLaunch,
            false);
        row("out of memory", CUDA_ERROR_OUT_OF_MEMORY, ResultStatus::InvalidLaunch, false);
        row("cooperative too large", CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE,
            ResultStatus::InvalidLaunch, false);
        row("cluster size", CUDA_ERROR_INVALID_CLUSTER_SIZE, ResultStatus::InvalidLaunch, false);
        // The image is bad.
        row("invalid image", CUDA_ERROR_INVALID_IMAGE, ResultStatus::CompileError, false);
        row("no binary", CUDA_ERROR_NO_BINARY_FOR_GPU, ResultStatus::CompileError, false);
        row("invalid ptx", CUDA_ERROR_INVALID_PTX, ResultStatus::CompileError, false);
        row("symbol not found", CUDA_ERROR_NOT_FOUND, ResultStatus::CompileError, false);
        // Kernel faults: sticky.
        row("illegal address", CUDA_ERROR_ILLEGAL_ADDRESS, ResultStatus::RuntimeError, true);
        row("launch failed", CUDA_ERROR_LAUNCH_FAILED, ResultStatus::RuntimeError, true);
        row("stack error", CUDA_ERROR_HARDWARE_STACK_ERROR, ResultStatus::RuntimeError, true);
        row("illegal instruction", CUDA_ERROR_ILLEGAL_INSTRUCTION, ResultStatus::RuntimeError,
            true);
        row("misaligned", CUDA_ERROR_MISALIGNED_ADDRESS, ResultStatus::RuntimeError, true);
        row("address space", CUDA_ERROR_INVALID_ADDRESS_SPACE, ResultStatus::RuntimeError, true);
        row("invalid pc", CUDA_ERROR_INVALID_PC, ResultStatus::RuntimeError, true);
        row("assert", CUDA_ERROR_ASSERT, ResultStatus::RuntimeError, true);
        row("timeout", CUDA_ERROR_LAUNCH_TIMEOUT, ResultStatus::RuntimeError, true);
        row("ecc", CUDA_ERROR_ECC_UNCORRECTABLE, ResultStatus::RuntimeError, true);
        // Anything else: assume the worst.
        row("unknown", CUDA_ERROR_UNKNOWN, ResultStatus::RuntimeError, true);
        row("not initialized", CUDA_ERROR_NOT_INITIALIZED, ResultStatus::RuntimeError, true);
    }

    void classifiesEachError()
    {
        QFETCH(CUresult, code);
        QFETCH(ResultStatus, status);
        QFETCH(bool, breaks);
        const CudaErrorClass kind = classifyCudaError(code);
        QVERIFY2(kind.status == status, toString(kind.status).data());
        QCOMPARE(kind.breaksContext, breaks);
    }

    void statusCarriesTheFailure()
    {
        const CudaStatus success;
        QVERIFY(success.ok());
        QVERIFY(static_cast<bool>(success));
        const CudaStatus failed = CudaFailure{ResultStatus::InvalidLaunch, "too big", false};
        QVERIFY(!failed);
        QVERIFY(failed.failure().status == ResultStatus::InvalidLaunch);
        QCOMPARE(failed.failure().message, std::string("too big"));
    }
};

QTEST_GUILESS_MAIN(TestCudaFailure)
#include "tst_cudafailure.moc"
