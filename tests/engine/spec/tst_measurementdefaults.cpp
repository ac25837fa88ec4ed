#include "specdescription.h"
#include "spectesthelpers.h"

#include "spec/specloader.h"

#include <QTest>

using namespace tb;
using namespace tb::testing;

// A loader's measurement defaults (the workbench's preferences) fill what a spec leaves out;
// the document kept for the worker carries them, so the worker reads the same values.
class TestMeasurementDefaults : public QObject
{
    Q_OBJECT

private slots:
    // A loader without the defaults (the worker's) reads the same spec from the document.
    void measurementDefaultsFillAMissingBlock()
    {
        const MeasurementSettings defaults{.warmupRuns = 3,
                                           .minSamples = 2,
                                           .maxSamples = 9,
                                           .targetRelativeHalfWidth = 0.05,
                                           .maxSecondsPerConfig = 0.5,
                                           .timeoutSeconds = 7,
                                           .warmCache = true};
        SpecLoader loader(defaults);
        QVERIFY(!minimalSpec().contains("measurement"));
        auto spec = loader.parse(minimalSpec().dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(qs(describe(spec->measurement)), qs(describe(defaults)));

        const auto document = Json::parse(spec->document);
        QCOMPARE(document["measurement"]["max_samples"].get<int>(), 9);
        SpecLoader builtIn;
        QCOMPARE(describeReparsed(builtIn, *spec), qs(describe(*spec)));
    }

    void measurementFieldsOfTheSpecWinOverDefaults()
    {
        SpecLoader loader(
            MeasurementSettings{.maxSamples = 40, .timeoutSeconds = 7, .warmCache = true});
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"max_samples": 70, "warm_cache": false})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->measurement.maxSamples, 70);
        QVERIFY(!spec->measurement.warmCache);
        QCOMPARE(spec->measurement.timeoutSeconds, 7.0); // not in the spec: the default
        QCOMPARE(spec->measurement.minSamples, MeasurementSettings().minSamples);
        const auto document = Json::parse(spec->document);
        QCOMPARE(document["measurement"]["max_samples"].get<int>(), 70);
        QCOMPARE(document["measurement"]["timeout_seconds"].get<double>(), 7.0);
        QVERIFY(!document["measurement"].contains("min_samples")); // the built-in default
    }

    // A default sample bound gives way to the one bound the spec sets.
    void aDefaultSampleBoundGivesWayToTheSpecs()
    {
        SpecLoader loader(MeasurementSettings{.minSamples = 20, .maxSamples = 40});
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"max_samples": 10})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->measurement.minSamples, 10);
        QCOMPARE(spec->measurement.maxSamples, 10);
        json["measurement"] = Json::parse(R"({"min_samples": 50})");
        spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->measurement.minSamples, 50);
        QCOMPARE(spec->measurement.maxSamples, 50);
        // Both set by the spec: still its own mistake.
        json["measurement"] = Json::parse(R"({"min_samples": 50, "max_samples": 10})");
        QVERIFY(!loader.parse(json.dump(), "/tmp").hasValue());
        QVERIFY(hasIssue(loader, "/measurement/max_samples", "less than min_samples (50)"));
    }

    // The built-in defaults add nothing: documents (and their hashes in workspaces) stay as
    // they were before loaders took defaults.
    void builtInDefaultsLeaveTheDocumentAlone()
    {
        SpecLoader loader;
        auto spec = loader.parse(minimalSpec().dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QVERIFY(!Json::parse(spec->document).contains("measurement"));
    }
};

QTEST_GUILESS_MAIN(TestMeasurementDefaults)
#include "tst_measurementdefaults.moc"
