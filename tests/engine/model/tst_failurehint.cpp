// failureHint: plain advice for the driver's, ptxas's and NVRTC's words, matched on the texts
// the backends really produce: CudaDriver::check's "<call> failed: <name>: <string>" (the
// driver's own name and string for each code), the first error line of a real-shaped NVRTC log
// (firstErrorLine, as NvrtcCompiler picks it) and Tunebench's own occupancy check.
#include "backend/common/buildsupport.h"
#include "backend/cuda/compile/devicelimits.h"
#include "backend/cuda/compile/occupancy.h"
#include "model/failurehint.h"

#include <QTest>

#include <string>

using namespace tb;

namespace {

// As CudaDriver::check words a failed call (cudadriver.cpp): what, the code's name from
// cuGetErrorName and its text from cuGetErrorString.
std::string driverFailure(const char *call, const char *name, const char *text)
{
    return std::string(call) + " failed: " + name + ": " + text;
}

bool says(std::string_view hint, std::string_view words)
{
    return hint.find(words) != std::string_view::npos;
}

} // namespace

class TestFailureHint : public QObject
{
    Q_OBJECT

private slots:
    void kernelFaultsPointToComputeSanitizer_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("words");
        QTest::newRow("illegal address")
            << "CUDA_ERROR_ILLEGAL_ADDRESS"
            << "an illegal memory access was encountered"
            << "out-of-bounds or invalid pointer; try compute-sanitizer";
        QTest::newRow("invalid address space")
            << "CUDA_ERROR_INVALID_ADDRESS_SPACE"
            << "operation not supported on global/shared address space"
            << "out-of-bounds or invalid pointer";
        QTest::newRow("misaligned") << "CUDA_ERROR_MISALIGNED_ADDRESS"
                                    << "misaligned address"
                                    << "not aligned";
        QTest::newRow("trap") << "CUDA_ERROR_ILLEGAL_INSTRUCTION"
                              << "an illegal instruction was encountered"
                              << "__trap() or assert";
        // asm("trap;") on an H100 (tests/app/data/faults_cuda.cu, FAULT=5) reads so.
        QTest::newRow("trap as launch failure") << "CUDA_ERROR_LAUNCH_FAILED"
                                                << "unspecified launch failure"
                                                << "__trap() or assert";
    }

    void kernelFaultsPointToComputeSanitizer()
    {
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(QString, words);
        const std::string message =
            driverFailure("cuStreamSynchronize", qPrintable(name), qPrintable(text));
        const std::string_view hint = failureHint(message);
        QVERIFY2(says(hint, words.toStdString()), std::string(hint).c_str());
    }

    // Whole messages as an H100 run of tests/app/data/faults_cuda.json stored them.
    void messagesOfARealCudaRun_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("words");
        QTest::newRow("null pointer write")
            << "cuStreamSynchronize failed: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access "
               "was encountered (the CUDA context is unusable now: the worker restarts)"
            << "out-of-bounds or invalid pointer; try compute-sanitizer";
        QTest::newRow("trap") << "cuStreamSynchronize failed: CUDA_ERROR_LAUNCH_FAILED: "
                                 "unspecified launch failure (the CUDA context is unusable now: "
                                 "the worker restarts)"
                              << "__trap() or assert";
        QTest::newRow("2048 threads") << "2048 threads per block exceed the limit of 1024"
                                      << "a constraint on the block-size parameters";
        QTest::newRow("256 GiB buffer")
            << "argument 'spare': cuMemAlloc of 137438953472 bytes failed: "
               "CUDA_ERROR_OUT_OF_MEMORY: out of memory"
            << "memory ran out";
    }

    void messagesOfARealCudaRun()
    {
        QFETCH(QString, message);
        QFETCH(QString, words);
        const std::string_view hint = failureHint(message.toStdString());
        QVERIFY2(says(hint, words.toStdString()), std::string(hint).c_str());
    }

    void anAssertNamesTheLog()
    {
        const auto hint = failureHint(driverFailure("cuStreamSynchronize", "CUDA_ERROR_ASSERT",
                                                    "device-side assert triggered"));
        QVERIFY(says(hint, "assert() failed"));
    }

    void outOfResourcesNamesRegistersAndThreads()
    {
        const auto hint =
            failureHint(driverFailure("cuLaunchKernel", "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
                                      "too many resources requested for launch"));
        QVERIFY2(says(hint, "registers x threads over the limit"), std::string(hint).c_str());
        // The driver's string alone, as an older run's message or another tool's may read.
        QCOMPARE(failureHint("too many resources requested for launch"), hint);
    }

    void aTimeoutNamesTheWatchdog()
    {
        QVERIFY(says(failureHint(driverFailure("cuStreamSynchronize", "CUDA_ERROR_LAUNCH_TIMEOUT",
                                               "the launch timed out and was terminated")),
                     "watchdog"));
    }

    void tunebenchsOwnRegisterCheck()
    {
        const auto limits = knownDeviceLimits("sm_90");
        QVERIFY(limits);
        const Occupancy occupancy = theoreticalOccupancy(*limits, 1024, 128, 0, 1);
        QVERIFY(!occupancy.launchable);
        QVERIFY2(occupancy.whyNot.find("registers need") != std::string::npos,
                 occupancy.whyNot.c_str());
        QVERIFY(says(failureHint(occupancy.whyNot), "registers x threads over the limit"));
    }

    void ptxasSharedDataFromAnNvrtcLog()
    {
        const std::string log =
            "ptxas info    : 0 bytes gmem\n"
            "ptxas error   : Entry function '_Z4gemmPKfS0_Pfi' uses too much shared data "
            "(0x10000 bytes, 0xc000 max)\n";
        const std::string message = firstErrorLine(log);
        QVERIFY2(message.find("too much shared data") != std::string::npos, message.c_str());
        QVERIFY(says(failureHint(message), "extern __shared__"));
    }

    void nvrtcUndefinedIdentifierNamesTheDefines()
    {
        const std::string log = "kernel.cu(12): warning #177-D: variable \"k\" was declared\n"
                                "kernel.cu(14): error: identifier \"TILE\" is undefined\n"
                                "1 error detected in the compilation of \"kernel.cu\".\n";
        const std::string message = firstErrorLine(log);
        QCOMPARE(message, std::string("kernel.cu(14): error: identifier \"TILE\" is undefined"));
        QVERIFY(says(failureHint(message), "-D"));
    }

    void aCrashedWorkerByItsSignal()
    {
        // WorkerPool::jobKilledWorker's words for a worker a kernel brought down.
        QVERIFY(says(failureHint("worker was killed by signal 11 (SIGSEGV) (2 workers lost on "
                                 "this configuration)"),
                     "out-of-bounds or invalid pointer"));
    }

    void plainWordsNeedNoHint()
    {
        QVERIFY(failureHint("outputs differ from the reference at y[3]: 2 vs 1").empty());
        QVERIFY(failureHint("").empty());
    }
};

QTEST_APPLESS_MAIN(TestFailureHint)
#include "tst_failurehint.moc"
