// FailureSummary: per failure status, the count and the most common cause, messages that differ
// only in numbers counted as one (MessageShape), with failureHint's advice; and how `show` and
// the Results page word it (describeFailures).
#include "model/failuresummary.h"
#include "model/messageshape.h"

#include <QTest>

using namespace tb;

class TestFailureSummary : public QObject
{
    Q_OBJECT

private slots:
    void numbersAndAddressesAreStripped()
    {
        const MessageShape a("kernel.cu(12): error at 0x7f3a00 after 1.5 s in sm_90 float4");
        const MessageShape b("kernel.cu(40): error at 0x7f3b10 after 2.25 s in sm_90 float4");
        QCOMPARE(a.skeleton(), b.skeleton());
        QCOMPARE(a.numbers().size(), std::size_t(3)); // names keep their digits
        QCOMPARE(a.text(), std::string("kernel.cu(12): error at 0x7f3a00 after 1.5 s in sm_90 "
                                       "float4"));
    }

    void numbersThatAgreeStayOthersBecomeN()
    {
        MessageShape merged("1024 threads x 128 registers need 131072 registers, the block "
                            "limit is 65536");
        merged.mergeNumbers(MessageShape("1024 threads x 96 registers need 98304 registers, the "
                                         "block limit is 65536"));
        QCOMPARE(merged.text(),
                 std::string("1024 threads x N registers need N registers, the block limit is "
                             "65536"));
    }

    void onlyTheFirstLineCounts()
    {
        QCOMPARE(MessageShape("worker was killed\nlast stderr lines:\nfoo 12").text(),
                 std::string("worker was killed"));
    }

    void countsPerStatusWithTheCommonestCause()
    {
        FailureSummary summary;
        for (int registers : {128, 96, 200})
            summary.add(ResultStatus::InvalidLaunch, "1024 threads x " + std::to_string(registers) +
                                                         " registers need " +
                                                         std::to_string(registers * 1024) +
                                                         " registers, the block limit is 65536");
        summary.add(ResultStatus::InvalidLaunch,
                    "cuLaunchKernel failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many "
                    "resources requested for launch");
        summary.add(ResultStatus::RuntimeError, "cuStreamSynchronize failed: "
                                                "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory "
                                                "access was encountered");
        Result ok;
        summary.add(ok); // not a failure
        QCOMPARE(summary.failureCount(), std::size_t(5));

        const auto byStatus = summary.byStatus();
        QCOMPARE(byStatus.size(), std::size_t(2));
        QVERIFY(byStatus[0].status == ResultStatus::InvalidLaunch); // ResultStatus's order
        QCOMPARE(byStatus[0].count, std::size_t(4));
        QCOMPARE(byStatus[0].causeCount, std::size_t(3));
        QCOMPARE(describeFailures(byStatus[0]),
                 std::string("4 x invalid_launch, 3 of them: 1024 threads x N registers need N "
                             "registers, the block limit is 65536 (registers x threads over the "
                             "limit: fewer threads per block, or cap the registers with "
                             "__launch_bounds__)"));
        QVERIFY(byStatus[1].status == ResultStatus::RuntimeError);
        QCOMPARE(describeFailures(byStatus[1]),
                 std::string("1 x runtime_error: cuStreamSynchronize failed: "
                             "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
                             "encountered (out-of-bounds or invalid pointer; try "
                             "compute-sanitizer)"));
    }

    void aTieGoesToTheCauseSeenFirst()
    {
        FailureSummary summary;
        summary.add(ResultStatus::WrongResult, "z differs");
        summary.add(ResultStatus::WrongResult, "a differs");
        QCOMPARE(summary.byStatus().at(0).cause, std::string("z differs"));
    }

    void withoutMessagesOnlyTheCount()
    {
        FailureSummary summary;
        summary.add(ResultStatus::Timeout, "");
        summary.add(ResultStatus::Timeout, "");
        QCOMPARE(describeFailures(summary.byStatus().at(0)), std::string("2 x timeout"));
        summary.clear();
        QVERIFY(summary.byStatus().empty());
        QCOMPARE(summary.failureCount(), std::size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestFailureSummary)
#include "tst_failuresummary.moc"
