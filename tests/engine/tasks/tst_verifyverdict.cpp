// verify's verdict policy (issue 34, item 3) on hand-made numbers: a shipped configuration is
// SLOWER only when its new median exceeds the exported one by more than the threshold AND by
// more than the two medians' uncertainty; beyond the threshold but within the uncertainty it is
// inconclusive ("measure longer"), never a false alarm.
#include "measure/statistics.h"
#include "tasks/exportverification.h"

#include <QTest>

#include <cmath>
#include <map>
#include <string>

using namespace tb;

namespace {

constexpr double kThresholdPercent = 5;

// One shipped configuration exported at `median` seconds, uncertain by `halfWidth` (relative;
// nullopt: an older export that did not record it).
ExportCheckPlan shipping(double median, std::optional<double> halfWidth)
{
    ShippedConfig shipped;
    shipped.sizeLabel = "N=1024";
    shipped.configKey = "BM=64";
    shipped.medianSeconds = median;
    shipped.relativeHalfWidth = halfWidth;
    ExportCheckPlan plan;
    plan.shipped.push_back(shipped);
    return plan;
}

// The shipped configuration measured again at `median`, uncertain by `halfWidth`, with the CPU
// backend's host figures `resources`.
std::vector<StoredResult> measuredAgain(double median, double halfWidth,
                                        std::map<std::string, double> resources = {})
{
    StoredResult stored;
    stored.configKey = "BM=64";
    stored.result.summary = {median, median, median, 0, 30, halfWidth};
    stored.result.resources = std::move(resources);
    return {stored};
}

ExportCheckRow::Verdict verdictOf(double oldMedian, std::optional<double> oldHalfWidth,
                                  double newMedian, double newHalfWidth)
{
    const auto rows = compareWithExport(shipping(oldMedian, oldHalfWidth),
                                        measuredAgain(newMedian, newHalfWidth), kThresholdPercent);
    return rows.at(0).verdict;
}

} // namespace

class TestVerifyVerdict : public QObject
{
    Q_OBJECT

private slots:
    void withinTheThresholdHolds()
    {
        // +3%, however certain: the threshold says what is worth failing a pipeline for.
        QCOMPARE(verdictOf(10e-6, 0.001, 10.3e-6, 0.001), ExportCheckRow::Verdict::Held);
        QCOMPARE(verdictOf(10e-6, 0.01, 9e-6, 0.01), ExportCheckRow::Verdict::Held); // faster
    }

    // The false alarms of issue 34: a 12 us CPU kernel +5.8% to +9.9% slower while its medians
    // were uncertain by 10-66%. Another measurement could as well read it faster.
    void beyondTheThresholdWithinTheUncertaintyIsInconclusive()
    {
        QCOMPARE(verdictOf(12e-6, 0.10, 13.2e-6, 0.30), ExportCheckRow::Verdict::Inconclusive);
        QCOMPARE(verdictOf(2.5e-6, 0.05, 2.7e-6, 0.66), ExportCheckRow::Verdict::Inconclusive);
        // Each half-width alone is under the change; together they are not.
        QCOMPARE(verdictOf(10e-6, 0.04, 10.7e-6, 0.04), ExportCheckRow::Verdict::Inconclusive);
        // Too few samples to bound the new median: nothing can be told.
        QCOMPARE(verdictOf(10e-6, 0.01, 15e-6, kUnboundedRelativeHalfWidth),
                 ExportCheckRow::Verdict::Inconclusive);
    }

    // The CI flake of tst_cliverify: an unchanged 3.95 us kernel read 4.94 us +- 10.1% (+25%)
    // in every extra round while busy loops kept both CPUs of the machine busy. On a busy
    // machine such a slowdown cannot be told from the load's doing: inconclusive, naming the
    // load. Twice as slow is beyond what load does: still SLOWER.
    void slowerOnABusyMachineIsInconclusive()
    {
        const auto plan = shipping(3.95e-6, 0.014);
        for (const auto &busy : {std::map<std::string, double>{{"other_cpu_load", 1.8}},
                                 std::map<std::string, double>{{"cpu_pressure", 0.97}}}) {
            const auto rows = compareWithExport(plan, measuredAgain(4.94e-6, 0.02, busy), 5);
            QCOMPARE(rows.at(0).verdict, ExportCheckRow::Verdict::Inconclusive);
            QVERIFY(rows.at(0).busyHost);
            QVERIFY2(rows.at(0).message.find("the machine was busy") == 0,
                     rows.at(0).message.c_str());
        }
        const auto rows = compareWithExport(
            plan, measuredAgain(4.94e-6, 0.02, {{"cpu_pressure", 0.97}}), kThresholdPercent);
        QCOMPARE(rows.at(0).message,
                 std::string("the machine was busy: tasks waited for a CPU 97% of the time; "
                             "verify on a quiet machine"));
        // The same slowdown on a quiet machine is a slowdown.
        const auto quiet = compareWithExport(
            plan, measuredAgain(4.94e-6, 0.02, {{"other_cpu_load", 0.1}, {"cpu_pressure", 0.1}}),
            kThresholdPercent);
        QCOMPARE(quiet.at(0).verdict, ExportCheckRow::Verdict::Slower);
        QVERIFY(!quiet.at(0).busyHost);
        const auto twice = compareWithExport(
            plan, measuredAgain(7.9e-6, 0.02, {{"other_cpu_load", 1.8}}), kThresholdPercent);
        QCOMPARE(twice.at(0).verdict, ExportCheckRow::Verdict::Slower);
        QVERIFY(twice.at(0).busyHost);
        const auto withinTheAllowance =
            compareWithExport(plan,
                              measuredAgain(3.95e-6 * (1 + (kBusyHostAllowancePercent - 1) / 100),
                                            0.02, {{"other_cpu_load", 1.8}}),
                              kThresholdPercent);
        QCOMPARE(withinTheAllowance.at(0).verdict, ExportCheckRow::Verdict::Inconclusive);
        // The measuring thread lost its CPU to a busy loop: +79% was seen so, unchanged. Waits
        // can stretch the median up to (1 + w) / (1 - w) times, on top of the allowance.
        const auto withoutItsCpu = compareWithExport(
            plan, measuredAgain(7.9e-6, 0.02, {{"cpu_wait", 0.45}}), kThresholdPercent);
        QCOMPARE(withoutItsCpu.at(0).verdict, ExportCheckRow::Verdict::Inconclusive);
        QVERIFY2(withoutItsCpu.at(0).message.find("waited for its CPU 45%") != std::string::npos,
                 withoutItsCpu.at(0).message.c_str());
        // But not by any amount: the CI flake of tst_verifyexportdialog, where a kernel 50 times
        // slower (fault injection) was called inconclusive beside a loaded test run.
        QCOMPARE(busyHostReachPercent(0), kBusyHostAllowancePercent);
        const double reach = busyHostReachPercent(0.45);
        QVERIFY2(std::abs(reach - (1.7 * 1.45 / 0.55 - 1) * 100) < 1e-9,
                 std::to_string(reach).c_str());
        const auto atTheReach = compareWithExport(
            plan, measuredAgain(3.95e-6 * (1 + (reach - 1) / 100), 0.02, {{"cpu_wait", 0.45}}),
            kThresholdPercent);
        QCOMPARE(atTheReach.at(0).verdict, ExportCheckRow::Verdict::Inconclusive);
        const auto fiftyTimes = compareWithExport(
            plan, measuredAgain(3.95e-6 * 50, 0.02, {{"cpu_wait", 0.45}}), kThresholdPercent);
        QCOMPARE(fiftyTimes.at(0).verdict, ExportCheckRow::Verdict::Slower);
        QVERIFY(fiftyTimes.at(0).busyHost);
        // A thread that got almost none of its CPU can be slowed by anything.
        const auto starved = compareWithExport(
            plan, measuredAgain(3.95e-6 * 50, 0.02, {{"cpu_wait", 0.97}}), kThresholdPercent);
        QCOMPARE(starved.at(0).verdict, ExportCheckRow::Verdict::Inconclusive);
        // Busy but within the threshold: it held, load or not.
        const auto held = compareWithExport(
            plan, measuredAgain(3.96e-6, 0.02, {{"other_cpu_load", 1.8}}), kThresholdPercent);
        QCOMPARE(held.at(0).verdict, ExportCheckRow::Verdict::Held);
    }

    // Why verify did not pass: a busy machine is named, not "measure longer".
    void aBusyMachineIsTheReasonGiven()
    {
        const auto verification =
            judgeVerification(shipping(3.95e-6, 0.014),
                              measuredAgain(4.94e-6, 0.02, {{"other_cpu_load", 1.8}}), "", "", {});
        QVERIFY(verification.inconclusive);
        QVERIFY(verification.busyHost);
        QVERIFY(!verification.regressed);
        QVERIFY2(verification.failureReason().find("busy") != std::string::npos,
                 verification.failureReason().c_str());
    }

    void beyondTheThresholdAndTheUncertaintyIsSlower()
    {
        QCOMPARE(verdictOf(10e-6, 0.01, 20e-6, 0.02), ExportCheckRow::Verdict::Slower);
        QCOMPARE(verdictOf(12e-6, 0.10, 26e-6, 0.30), ExportCheckRow::Verdict::Slower);
        // An export that recorded no interval: the new median's alone is what is known.
        QCOMPARE(verdictOf(10e-6, std::nullopt, 12e-6, 0.01), ExportCheckRow::Verdict::Slower);
    }

    // What the whole verification says: an inconclusive row is neither a pass nor a regression.
    void anInconclusiveRowNeitherPassesNorRegresses()
    {
        const ExportCheckPlan plan = shipping(12e-6, 0.10);
        const auto verification =
            judgeVerification(plan, measuredAgain(13.2e-6, 0.30), "cpu", "1.0", VerifyPolicy{});
        QVERIFY(!verification.regressed);
        QVERIFY(verification.inconclusive);
        QVERIFY(!verification.passed());
        QCOMPARE(verification.rows.at(0).message, std::string("measure longer"));

        const auto slower =
            judgeVerification(plan, measuredAgain(26e-6, 0.02), "cpu", "1.0", VerifyPolicy{});
        QVERIFY(slower.regressed);
        QVERIFY(!slower.inconclusive);
    }
};

QTEST_GUILESS_MAIN(TestVerifyVerdict)
#include "tst_verifyverdict.moc"
