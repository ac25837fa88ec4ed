// The spec's "peaks" (the device's FP32 rate and DRAM bandwidth, winning over the device's) and
// a metric's "unit" (which metrics are FLOP and byte rates), each bad value reported at its path.
#include "spectesthelpers.h"

#include "model/metricrate.h"
#include "spec/specloader.h"

#include <QTest>

using namespace tb;
using namespace tb::testing;

class TestSpecPeaks : public QObject
{
    Q_OBJECT

private slots:
    void readsThePeaks()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["peaks"] = Json::parse(R"({"gflops": 66900, "gbps": 3350})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->peaks.flopsPerSecond, std::optional<double>(66900e9));
        QCOMPARE(spec->peaks.bytesPerSecond, std::optional<double>(3350e9));
        QCOMPARE(spec->peaks.flopsSource, std::string(kPeakFromSpec));
        QCOMPARE(spec->peaks.bytesSource, std::string(kPeakFromSpec));
        json["peaks"] = Json::parse(R"({"gbps": 900})"); // one alone
        spec = loader.parse(json.dump(), "/tmp");
        QVERIFY(spec.hasValue());
        QVERIFY(!spec->peaks.flopsPerSecond.has_value());
        QVERIFY(spec->peaks.flopsSource.empty());
        QVERIFY(loader.parse(minimalSpec().dump(), "/tmp")->peaks.empty()); // none given
    }

    void reportsBadPeaks()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["peaks"] = Json::parse(R"({"gflops": -1, "gbps": "fast", "tflops": 60})");
        TB_EXPECT_ISSUE(loader, json, "/peaks/gflops",
                        "peak FP32 rate in GFLOP/s as a positive number, got -1");
        QVERIFY(hasIssue(loader, "/peaks/gbps", "expected a number"));
        QVERIFY(hasIssue(loader, "/peaks/tflops", "unknown key 'tflops'"));
        json["peaks"] = Json::parse(R"({"gbps": 0})");
        TB_EXPECT_ISSUE(loader, json, "/peaks/gbps", "DRAM bandwidth in GB/s");
        json["peaks"] = 3350;
        TB_EXPECT_ISSUE(loader, json, "/peaks", "expected an object");
    }

    void readsAMetricsUnit()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["metrics"] = Json::parse(R"([{"name": "bw", "expression": "N*4/time/1e12",
                                           "unit": "TB/s"},
                                          {"name": "GFLOP/s", "expression": "N/time/1e9"}])");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->metrics[0].unit, std::string("TB/s"));
        QCOMPARE(int(metricRate(spec->metrics[0]).kind), int(RateKind::Bytes));
        QCOMPARE(metricRate(spec->metrics[0]).scale, 1e12);
        QVERIFY(spec->metrics[1].unit.empty());
        QCOMPARE(int(metricRate(spec->metrics[1]).kind), int(RateKind::Flops));
        json["metrics"][0]["unit"] = 7;
        TB_EXPECT_ISSUE(loader, json, "/metrics/0/unit", "expected a string");
    }
};

QTEST_GUILESS_MAIN(TestSpecPeaks)
#include "tst_specpeaks.moc"
