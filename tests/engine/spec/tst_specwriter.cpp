#include "npyfiles.h"
#include "spectesthelpers.h"

#include "data/datafilename.h"

#include "spec/specloader.h"
#include "spec/specwriter.h"

#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using namespace tb::testing;

namespace {

// Every field other than the built-in default, and process rounds adaptive (max above the
// rounds), as a workbench's preferences may set them.
MeasurementSettings everyFieldChanged()
{
    const MeasurementSettings builtIn;
    MeasurementSettings settings{.warmupRuns = 4,
                                 .minSamples = 7,
                                 .maxSamples = 90,
                                 .targetRelativeHalfWidth = 0.03,
                                 .minSecondsPerConfig = 0.02,
                                 .maxSecondsPerConfig = 1.5,
                                 .timeoutSeconds = 12,
                                 .warmCache = !builtIn.warmCache,
                                 .concurrentCuptiRecords = !builtIn.concurrentCuptiRecords,
                                 .processRounds = 2,
                                 .maxProcessRounds = 5,
                                 .finalistsPerSize = 4,
                                 .earlyExitFactor = 2.5,
                                 .energySeconds = 1.5};
    return settings;
}

// minimalSpec() for the cuda backend: energy_seconds is a cuda spec's only.
Json minimalCudaSpec()
{
    Json root = minimalSpec();
    root["backend"] = "cuda";
    root["kernel"]["language"] = "cuda";
    root["launch"] = Json::parse(R"({"grid": ["N"], "block": ["BM"]})");
    return root;
}

// The fields that differ, by name: a failure names every field the writer left behind.
QStringList differingFields(const MeasurementSettings &read, const MeasurementSettings &written)
{
    QStringList names;
    const auto check = [&names](const char *name, const auto &a, const auto &b) {
        if (a != b)
            names << QString::fromUtf8(name);
    };
    check("warmupRuns", read.warmupRuns, written.warmupRuns);
    check("minSamples", read.minSamples, written.minSamples);
    check("maxSamples", read.maxSamples, written.maxSamples);
    check("targetRelativeHalfWidth", read.targetRelativeHalfWidth, written.targetRelativeHalfWidth);
    check("minSecondsPerConfig", read.minSecondsPerConfig, written.minSecondsPerConfig);
    check("maxSecondsPerConfig", read.maxSecondsPerConfig, written.maxSecondsPerConfig);
    check("timeoutSeconds", read.timeoutSeconds, written.timeoutSeconds);
    check("warmCache", read.warmCache, written.warmCache);
    check("concurrentCuptiRecords", read.concurrentCuptiRecords, written.concurrentCuptiRecords);
    check("processRounds", read.processRounds, written.processRounds);
    check("maxProcessRounds", read.maxProcessRounds, written.maxProcessRounds);
    check("finalistsPerSize", read.finalistsPerSize, written.finalistsPerSize);
    check("earlyExitFactor", read.earlyExitFactor, written.earlyExitFactor);
    check("energySeconds", read.energySeconds, written.energySeconds);
    return names;
}

} // namespace

// What SpecWriter writes, a reader with the built-in defaults (a worker's) reads back alike.
class TestSpecWriter : public QObject
{
    Q_OBJECT

private slots:
    void everyMeasurementFieldSurvivesARoundTrip()
    {
        const MeasurementSettings settings = everyFieldChanged();
        Json root = minimalCudaSpec();
        SpecWriter(root).writeMeasurement(settings);
        SpecLoader builtIn;
        auto read = builtIn.parse(root.dump(), "/tmp");
        QVERIFY2(read.hasValue(), issueList(builtIn).constData());
        QCOMPARE(differingFields(read->measurement, settings).join(", "), QString());
    }

    // The loader's defaults reach the worker's copy of the document.
    void theWorkersDocumentCarriesEveryDefault()
    {
        const MeasurementSettings settings = everyFieldChanged();
        SpecLoader loader(settings);
        auto spec = loader.parse(minimalCudaSpec().dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(differingFields(spec->measurement, settings).join(", "), QString());
        SpecLoader builtIn;
        auto again = builtIn.parse(spec->document, spec->baseDirectory);
        QVERIFY2(again.hasValue(), issueList(builtIn).constData());
        QCOMPARE(differingFields(again->measurement, settings).join(", "), QString());
    }

    // A cpu spec carries no energy_seconds (its reader would refuse it), whatever the defaults.
    void aCpuSpecIsGivenNoEnergyRun()
    {
        SpecLoader loader(everyFieldChanged());
        auto spec = loader.parse(minimalSpec().dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QVERIFY(!Json::parse(spec->document)["measurement"].contains("energy_seconds"));
        QCOMPARE(spec->measurement.energySeconds, 0.0);
    }

    // A field the document sets is its own: the writer never replaces it.
    void theDocumentsOwnFieldsStay()
    {
        Json root = minimalSpec();
        root["measurement"] = Json::parse(R"({"early_exit_factor": 0, "warm_cache": false})");
        SpecWriter(root).writeMeasurement(everyFieldChanged());
        QCOMPARE(root["measurement"]["early_exit_factor"].get<double>(), 0.0);
        QCOMPARE(root["measurement"]["warm_cache"].get<bool>(), false);
        QCOMPARE(root["measurement"]["max_samples"].get<int>(), 90);
    }

    // max_process_rounds follows process_rounds when a reader derives it so: not written then,
    // and a document that sets only process_rounds keeps its hash in workspaces.
    void aDerivedMaximumOfRoundsIsNotWritten()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"process_rounds": 5})");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->measurement.maxProcessRounds, 5);
        const auto document = Json::parse(spec->document);
        QCOMPARE(document["measurement"], json["measurement"]);
    }

    // Workers parse the document with the spec's directory: file and expression inits come
    // back as written, and a relative file resolves against the same directory.
    void documentCarriesDataInits()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/a_256.npy", "<f4", std::vector<float>(256, 2.0f)));
        auto json = minimalSpec();
        json["arguments"][0]["init"] = Json::parse(R"({"file": "a_{N}.npy"})");
        json["arguments"].push_back(Json::parse(
            R"j({"name": "b", "size": "N", "init": {"expression": "sin(_pi * i / N)"}})j"));
        auto spec = SpecLoader().parse(json.dump(), base);
        QVERIFY2(spec, spec ? "" : spec.error().toString().c_str());
        auto again = SpecLoader().parse(spec->document, spec->baseDirectory);
        QVERIFY2(again, again ? "" : again.error().toString().c_str());
        for (const Spec *read : {&*spec, &*again}) {
            QCOMPARE(read->arguments[0].init.kind, BufferInit::Kind::File);
            QCOMPARE(read->arguments[0].init.file, std::string("a_{N}.npy"));
            QCOMPARE(read->arguments[2].init.kind, BufferInit::Kind::Expression);
            QCOMPARE(read->arguments[2].init.expression, std::string("sin(_pi * i / N)"));
            QCOMPARE(*DataFileName::resolve(read->arguments[0].init.file, *read, 0),
                     base + "/a_256.npy");
        }
    }
};

QTEST_GUILESS_MAIN(TestSpecWriter)
#include "tst_specwriter.moc"
