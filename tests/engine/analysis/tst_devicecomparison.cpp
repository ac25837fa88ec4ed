// compareAcrossDevices(): each size's winner on each of two runs (two devices), and what each
// winner costs on the other device: measured, failed there, or not measured there.
#include "analysis/devicecomparison.h"

#include <QTest>

#include <cmath>

using namespace tb;

namespace {

Spec makeSpec(std::vector<std::vector<double>> sizes)
{
    Spec spec;
    spec.name = "scale";
    spec.parameters = {{"BLOCK", {64, 128, 256}}};
    spec.sizes.names = {"N"};
    spec.sizes.values = std::move(sizes);
    return spec;
}

StoredResult stored(double block, std::size_t size, double median,
                    ResultStatus status = ResultStatus::Ok)
{
    StoredResult result;
    result.config.values = {block};
    result.configKey = "BLOCK=" + formatValue(block);
    result.sizeIndex = size;
    result.result.status = status;
    if (status == ResultStatus::Ok)
        result.result.summary = {median, median, median, 0, 10, 0.001};
    return result;
}

} // namespace

class TestDeviceComparison : public QObject
{
    Q_OBJECT

private slots:
    void eachWinnerIsCostedOnTheOtherDevice()
    {
        const Spec spec = makeSpec({{1024}});
        const std::vector<StoredResult> a = {stored(64, 0, 1e-3), stored(128, 0, 2e-3),
                                             stored(256, 0, 3e-3)};
        const std::vector<StoredResult> b = {stored(64, 0, 5e-3), stored(128, 0, 4e-3),
                                             stored(256, 0, 6e-3)};
        const auto sizes = compareAcrossDevices(spec, a, spec, b);
        QCOMPARE(sizes.size(), std::size_t(1));
        const CrossDeviceSize &size = sizes.front();
        QCOMPARE(QString::fromStdString(size.winnerA), QStringLiteral("BLOCK=64"));
        QCOMPARE(QString::fromStdString(size.winnerB), QStringLiteral("BLOCK=128"));
        QCOMPARE(size.bestA, 1e-3);
        QCOMPARE(size.bestB, 4e-3);
        QVERIFY(size.aWinnerOnB.state == CrossDeviceCost::State::Measured);
        QCOMPARE(size.aWinnerOnB.medianThere, 5e-3);
        QVERIFY(std::fabs(size.aWinnerOnB.ratio() - 1.25) < 1e-12); // 5 ms over B's best 4 ms
        QVERIFY(size.bWinnerOnA.state == CrossDeviceCost::State::Measured);
        QVERIFY(std::fabs(size.bWinnerOnA.ratio() - 2.0) < 1e-12); // 2 ms over A's best 1 ms
    }

    void aWinnerFailedOrMissingOnTheOtherDeviceSaysSo()
    {
        const Spec spec = makeSpec({{1024}, {2048}});
        const std::vector<StoredResult> a = {stored(64, 0, 1e-3), stored(128, 0, 2e-3),
                                             stored(64, 1, 1e-3), stored(128, 1, 3e-3)};
        const std::vector<StoredResult> b = {
            stored(64, 0, 0, ResultStatus::CompileError), stored(128, 0, 4e-3),
            stored(128, 1, 2e-3)}; // BLOCK=64 never measured on B at N=2048
        const auto sizes = compareAcrossDevices(spec, a, spec, b);
        QCOMPARE(sizes.size(), std::size_t(2));
        QVERIFY(sizes[0].aWinnerOnB.state == CrossDeviceCost::State::Failed);
        QCOMPARE(toString(sizes[0].aWinnerOnB.failure), toString(ResultStatus::CompileError));
        QVERIFY(sizes[1].aWinnerOnB.state == CrossDeviceCost::State::NotMeasured);
        QVERIFY(std::fabs(sizes[1].bWinnerOnA.ratio() - 3.0) < 1e-12);
    }

    // B's spec lists the sizes in another order and lacks one: matched by their values.
    void sizesAreMatchedByTheirValues()
    {
        const Spec specA = makeSpec({{1024}, {4096}});
        const Spec specB = makeSpec({{2048}, {1024}});
        const std::vector<StoredResult> a = {stored(64, 0, 1e-3), stored(64, 1, 1e-3)};
        const std::vector<StoredResult> b = {stored(64, 1, 2e-3)};
        const auto sizes = compareAcrossDevices(specA, a, specB, b);
        QVERIFY(sizes[0].inB);
        QCOMPARE(sizes[0].bestB, 2e-3);
        QVERIFY(sizes[0].aWinnerOnB.state == CrossDeviceCost::State::Measured);
        QVERIFY(!sizes[1].inB);
    }

    void devicesDifferByName()
    {
        RunRecord a;
        a.device = "NVIDIA A100-PCIE-40GB";
        RunRecord b = a;
        QVERIFY(!differentDevices(a, b));
        b.device = "";
        QVERIFY(differentDevices(a, b));
    }
};

QTEST_GUILESS_MAIN(TestDeviceComparison)
#include "tst_devicecomparison.moc"
