#include "analysis/runcomparison.h"
#include "model/measurementcaveats.h"

#include <QTest>

using namespace tb;

namespace {

Spec makeSpec(std::vector<std::vector<double>> sizes, bool minimizeTime = true)
{
    Spec spec;
    spec.name = "scale";
    spec.parameters = {{"BLOCK", {64, 128, 256, 512}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = std::move(sizes);
    spec.metrics = {{"GB/s", "8*N/time/1e9"}};
    spec.objective = minimizeTime ? Objective{"time", true} : Objective{"GB/s", false};
    return spec;
}

StoredResult stored(double block, std::size_t size, double median,
                    ResultStatus status = ResultStatus::Ok, double halfWidth = 0.001,
                    double clockMhz = 0)
{
    StoredResult result;
    result.config.values = {block};
    result.configKey = "BLOCK=" + formatValue(block);
    result.sizeIndex = size;
    result.result.status = status;
    if (status == ResultStatus::Ok) {
        result.result.summary = {median, median, median, 0, 10, halfWidth};
        result.result.metrics["GB/s"] = 1 / median;
        if (clockMhz > 0)
            result.result.resources[figures::kSmClockEffectiveMhz] = clockMhz;
    }
    return result;
}

QString keys(const SizeComparison &size)
{
    QStringList list;
    for (const auto &pair : size.pairs)
        list << QString::fromStdString(pair.configKey);
    return list.join(' ');
}

} // namespace

class TestRunComparison : public QObject
{
    Q_OBJECT

private slots:
    void pairsTheConfigurationsBothMeasuredInRunAsRanking()
    {
        const Spec spec = makeSpec({{1024}});
        const std::vector<StoredResult> a = {stored(64, 0, 3e-3), stored(128, 0, 1e-3),
                                             stored(256, 0, 2e-3),
                                             stored(512, 0, 0, ResultStatus::WrongResult)};
        const std::vector<StoredResult> b = {stored(256, 0, 2.2e-3), stored(128, 0, 0.99e-3),
                                             stored(512, 0, 4e-3)};
        const auto sizes = compareRuns(spec, a, spec, b);
        QCOMPARE(sizes.size(), std::size_t(1));
        const SizeComparison &size = sizes.front();
        QCOMPARE(QString::fromStdString(size.sizeLabel), QStringLiteral("N=1024"));
        QVERIFY(size.inB);
        QCOMPARE(keys(size), QStringLiteral("BLOCK=128 BLOCK=256")); // A's ranking
        QCOMPARE(size.pairs[0].medianA, 1e-3);
        QCOMPARE(size.pairs[0].medianB, 0.99e-3);
        QVERIFY(std::abs(size.pairs[1].change() - 0.1) < 1e-12);
        // BLOCK=64 was measured only in A, BLOCK=512 failed in A but is ok in B.
        QCOMPARE(size.onlyInA, std::size_t(1));
        QCOMPARE(size.onlyInB, std::size_t(1));
        QCOMPARE(QString::fromStdString(size.bestA), QStringLiteral("BLOCK=128"));
        QCOMPARE(QString::fromStdString(size.bestB), QStringLiteral("BLOCK=128"));
    }

    void aMaximisedMetricRanksAndPicksTheBest()
    {
        const Spec spec = makeSpec({{1024}}, false);
        const std::vector<StoredResult> a = {stored(64, 0, 2e-3), stored(128, 0, 1e-3)};
        const std::vector<StoredResult> b = {stored(64, 0, 0.5e-3), stored(128, 0, 1e-3)};
        const auto size = compareRuns(spec, a, spec, b).front();
        QCOMPARE(keys(size), QStringLiteral("BLOCK=128 BLOCK=64"));
        QCOMPARE(QString::fromStdString(size.bestA), QStringLiteral("BLOCK=128"));
        QCOMPARE(QString::fromStdString(size.bestB), QStringLiteral("BLOCK=64"));
    }

    // Run B's spec lists its sizes in another order and lacks one of A's.
    void sizesAreMatchedByTheirValues()
    {
        const Spec specA = makeSpec({{1024}, {2048}, {4096}});
        const Spec specB = makeSpec({{4096}, {1024}});
        const std::vector<StoredResult> a = {stored(64, 0, 1e-3), stored(64, 1, 2e-3),
                                             stored(64, 2, 4e-3)};
        const std::vector<StoredResult> b = {stored(64, 0, 4.4e-3), stored(64, 1, 1.1e-3)};
        const auto sizes = compareRuns(specA, a, specB, b);
        QCOMPARE(sizes.size(), std::size_t(3));
        QCOMPARE(sizes[0].pairs.front().medianB, 1.1e-3);
        QVERIFY(!sizes[1].inB);
        QVERIFY(sizes[1].pairs.empty());
        QCOMPARE(sizes[2].pairs.front().medianB, 4.4e-3);
    }

    // A change counts when it is beyond both medians' half-widths plus any clock step between
    // them; within that, another pair of runs may move it the other way.
    void aChangeIsWeighedAgainstTheMediansUncertainty()
    {
        const Spec spec = makeSpec({{1024}});
        const std::vector<StoredResult> a = {stored(64, 0, 1e-3, ResultStatus::Ok, 0.002),
                                             stored(128, 0, 2e-3, ResultStatus::Ok, 0.002, 1994.6),
                                             stored(256, 0, 3e-3, ResultStatus::Ok, 0.002)};
        const std::vector<StoredResult> b = {
            stored(64, 0, 1.005e-3, ResultStatus::Ok, 0.002),
            stored(128, 0, 2.02e-3, ResultStatus::Ok, 0.002, 1980.1),
            stored(256, 0, 2.97e-3, ResultStatus::Ok, 0.002)};
        const auto pairs = compareRuns(spec, a, spec, b).front().pairs;
        QCOMPARE(pairs.size(), std::size_t(3));
        // +0.5% against 0.4%: beyond.
        QVERIFY(std::fabs(pairs[0].uncertainty - 0.004) < 1e-12);
        QCOMPARE(pairs[0].clockStep, 0.0);
        QVERIFY(pairs[0].beyondUncertainty());
        // +1% against 0.4% plus a 0.73% clock step: within.
        QVERIFY(std::fabs(pairs[1].clockStep - (1994.6 / 1980.1 - 1)) < 1e-12);
        QVERIFY(std::fabs(pairs[1].uncertainty - (0.004 + pairs[1].clockStep)) < 1e-12);
        QVERIFY(!pairs[1].beyondUncertainty());
        // -1% against 0.4%: beyond, faster.
        QVERIFY(pairs[2].beyondUncertainty());
        QVERIFY(pairs[2].change() < 0);
    }

    // Each run picked another best: how each leads the other's within its own run says whether
    // that is a change or a tie that fell the other way.
    void differentBestsAreWeighedInEachRun()
    {
        const Spec spec = makeSpec({{1024}});
        const std::vector<StoredResult> a = {stored(64, 0, 1.000e-3, ResultStatus::Ok, 0.002),
                                             stored(128, 0, 1.003e-3, ResultStatus::Ok, 0.002)};
        const std::vector<StoredResult> b = {stored(64, 0, 1.100e-3, ResultStatus::Ok, 0.002),
                                             stored(128, 0, 1.002e-3, ResultStatus::Ok, 0.002)};
        const auto size = compareRuns(spec, a, spec, b).front();
        QCOMPARE(QString::fromStdString(size.bestA), QStringLiteral("BLOCK=64"));
        QCOMPARE(QString::fromStdString(size.bestB), QStringLiteral("BLOCK=128"));
        QVERIFY(size.bestLeadInA && size.bestLeadInB);
        QVERIFY(!size.bestLeadInA->decided()); // 0.3% against 0.4%: a tie in run A
        QVERIFY(size.bestLeadInB->decided());  // 9.8% in run B: a real lead
        QVERIFY(std::fabs(size.bestLeadInB->lead - (1.1 / 1.002 - 1)) < 1e-12);

        // The same best in both: nothing to weigh.
        const auto same = compareRuns(spec, a, spec, a).front();
        QVERIFY(!same.bestLeadInA && !same.bestLeadInB);
    }
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
