#include "backend/cuda/compile/ptxasreport.h"

#include <QTest>

using namespace tb;

namespace {

// Verbatim NVRTC 13.0 output (-Xptxas=-v -Xptxas=--warn-on-spills) for four kernels.
const char *const kCuda13Log =
    "ptxas warning : Registers are spilled to local memory in function '_Z6spill2Pf', 300 bytes "
    "spill stores, 320 bytes spill loads\n"
    "ptxas info    : 0 bytes gmem\n"
    "ptxas info    : Compiling entry function '_Z5scaleILi128ELi4EEvPf' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z5scaleILi128ELi4EEvPf\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 14 registers, used 0 barriers\n"
    "ptxas info    : Compile time = 2.302 ms\n"
    "ptxas info    : Compiling entry function '_Z6spill2Pf' for 'sm_90'\n"
    "ptxas info    : Function properties for _Z6spill2Pf\n"
    "ptxas         .     432 bytes stack frame, 300 bytes spill stores, 320 bytes spill loads\n"
    "ptxas info    : Used 32 registers, used 0 barriers, 432 bytes cumulative stack size\n"
    "ptxas info    : Compile time = 27.048 ms\n"
    "ptxas info    : Compiling entry function 'plain' for 'sm_90'\n"
    "ptxas info    : Function properties for plain\n"
    "ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 10 registers, used 1 barriers, 1024 bytes smem\n"
    "ptxas info    : Compile time = 1.442 ms\n"
    "ptxas info    : Compiling entry function 'withhelper' for 'sm_90'\n"
    "ptxas info    : Function properties for withhelper\n"
    "ptxas         .     64 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
    "ptxas info    : Used 26 registers, used 0 barriers, 64 bytes cumulative stack size\n"
    "ptxas info    : Compile time = 55.749 ms\n"
    "ptxas info    : Function properties for _Z6helperPfi\n"
    "ptxas         .     16 bytes stack frame, 8 bytes spill stores, 4 bytes spill loads\n";

// The shape of older ptxas (CUDA 11): an indented properties line, no barrier count, constant
// banks listed.
const char *const kOlderLog =
    "ptxas info    : 0 bytes gmem, 24 bytes cmem[3]\n"
    "ptxas info    : Compiling entry function '_Z4gemmILi64ELi32EEvPKfS1_Pf' for 'sm_80'\n"
    "ptxas info    : Function properties for _Z4gemmILi64ELi32EEvPKfS1_Pf\n"
    "    8 bytes stack frame, 4 bytes spill stores, 12 bytes spill loads\n"
    "ptxas info    : Used 128 registers, 16384 bytes smem, 380 bytes cmem[0], 24 bytes cmem[2]\n";

} // namespace

class TestPtxasReport : public QObject
{
    Q_OBJECT

private slots:
    void readsTheFiguresOfEachFunction()
    {
        const ResourceUsage scale = parsePtxasReport(kCuda13Log, "_Z5scaleILi128ELi4EEvPf");
        QCOMPARE(scale.registers, 14);
        QCOMPARE(scale.barriers, 0);
        QCOMPARE(scale.stackFrameBytes, 0);
        QCOMPARE(scale.spillStoreBytes, 0);
        QCOMPARE(scale.staticSharedBytes, 0);

        const ResourceUsage spill = parsePtxasReport(kCuda13Log, "_Z6spill2Pf");
        QCOMPARE(spill.registers, 32);
        QCOMPARE(spill.stackFrameBytes, 432);
        QCOMPARE(spill.spillStoreBytes, 300);
        QCOMPARE(spill.spillLoadBytes, 320);

        const ResourceUsage plain = parsePtxasReport(kCuda13Log, "plain");
        QCOMPARE(plain.registers, 10);
        QCOMPARE(plain.barriers, 1);
        QCOMPARE(plain.staticSharedBytes, 1024);
        QCOMPARE(plain.constantBytes, 0);
    }

    void keepsADeviceFunctionsLinesApartFromTheEntry()
    {
        // helper's properties follow the entry's: they must not overwrite its stack figures.
        const ResourceUsage entry = parsePtxasReport(kCuda13Log, "withhelper");
        QCOMPARE(entry.registers, 26);
        QCOMPARE(entry.stackFrameBytes, 64);
        QCOMPARE(entry.spillStoreBytes, 0);
        const ResourceUsage helper = parsePtxasReport(kCuda13Log, "_Z6helperPfi");
        QCOMPARE(helper.stackFrameBytes, 16);
        QCOMPARE(helper.spillStoreBytes, 8);
        QCOMPARE(helper.registers, 0); // ptxas gives no "Used" line for it
    }

    void readsTheOlderFormat()
    {
        const ResourceUsage gemm = parsePtxasReport(kOlderLog, "_Z4gemmILi64ELi32EEvPKfS1_Pf");
        QCOMPARE(gemm.registers, 128);
        QCOMPARE(gemm.barriers, 0);
        QCOMPARE(gemm.staticSharedBytes, 16384);
        QCOMPARE(gemm.constantBytes, 380 + 24);
        QCOMPARE(gemm.stackFrameBytes, 8);
        QCOMPARE(gemm.spillStoreBytes, 4);
        QCOMPARE(gemm.spillLoadBytes, 12);
    }

    void leavesMissingPartsAtZero()
    {
        const std::string noPropertiesLine =
            "ptxas info    : Compiling entry function 'k' for 'sm_90'\r\n"
            "ptxas info    : Used 40 registers, 2048 bytes smem\r\n";
        const ResourceUsage usage = parsePtxasReport(noPropertiesLine, "k");
        QCOMPARE(usage.registers, 40);
        QCOMPARE(usage.staticSharedBytes, 2048);
        QCOMPARE(usage.stackFrameBytes, 0);
        QCOMPARE(usage.barriers, 0);
    }

    void ignoresTheSpillWarningAndOtherNames()
    {
        // The warning repeats the numbers of the properties line: counted once, not twice.
        const std::string log =
            std::string(kCuda13Log) +
            "ptxas warning : Registers are spilled to local memory in function '_Z6helperPfi', "
            "8 bytes spill stores, 4 bytes spill loads\n";
        QCOMPARE(parsePtxasReport(log, "_Z6helperPfi").spillStoreBytes, 8);
        QCOMPARE(parsePtxasReport(kCuda13Log, "_Z5scaleILi128ELi4EEvPf_other"), ResourceUsage{});
        QCOMPARE(parsePtxasReport(kCuda13Log, ""), ResourceUsage{});
        QCOMPARE(parsePtxasReport("", "plain"), ResourceUsage{});
    }

    // NVRTC answering from a cache of its own skips ptxas: the log is empty (or front-end
    // warnings only), and zeros must not pass for the entry's figures.
    void tellsWhetherPtxasReportedTheEntry()
    {
        QVERIFY(ptxasReportedEntry(kCuda13Log, "_Z5scaleILi128ELi4EEvPf"));
        QVERIFY(ptxasReportedEntry(kCuda13Log, "plain"));
        QVERIFY(ptxasReportedEntry(kOlderLog, "_Z4gemmILi64ELi32EEvPKfS1_Pf"));
        QVERIFY(!ptxasReportedEntry("", "plain"));
        QVERIFY(!ptxasReportedEntry(kCuda13Log, "_Z5scaleILi128ELi4EEvPf_other"));
        QVERIFY(!ptxasReportedEntry(kCuda13Log, "_Z6helperPfi")); // a device function only
        QVERIFY(
            !ptxasReportedEntry("kernel.cu(3): warning: \"Compiling entry function 'k'\"\n", "k"));
    }

    void ignoresFrontEndDiagnostics()
    {
        const std::string log = "kernel.cu(3): warning #177-D: variable \"Used 99 registers\" was "
                                "declared but never referenced\n"
                                "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
                                "ptxas info    : Used 12 registers, used 0 barriers\n";
        QCOMPARE(parsePtxasReport(log, "k").registers, 12);
    }
};

QTEST_GUILESS_MAIN(TestPtxasReport)
#include "tst_ptxasreport.moc"
