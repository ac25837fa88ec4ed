#include "specdescription.h"
#include "spectesthelpers.h"

#include "spec/specloader.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace tb;
using namespace tb::testing;

namespace {

const std::string kDataDir = std::string(TB_SOURCE_DIR) + "/tests/engine/spec/data";

std::string readText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace

// What the loader reads from a spec file or text: every field, the defaults of optional ones,
// and the document it keeps for the worker. Measurement defaults: tst_measurementdefaults.
class TestSpecLoader : public QObject
{
    Q_OBJECT

private slots:
    void loadsTheExampleWithEveryField()
    {
        SpecLoader loader;
        auto spec = loader.loadFile(kDataDir + "/matmul_full.json");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QVERIFY(loader.issues().empty());
        QCOMPARE(spec->formatVersion, 1);
        QCOMPARE(qs(spec->name), QString("matmul_blocked"));
        QCOMPARE(spec->backend, BackendKind::Cpu);
        QCOMPARE(qs(spec->baseDirectory), qs(kDataDir));
        QCOMPARE(qs(spec->kernel.sourcePath), qs(kDataDir + "/matmul.c"));
        QCOMPARE(qs(spec->kernel.code), qs(readText(kDataDir + "/matmul.c")));
        QCOMPARE(qs(spec->kernel.entry), QString("matmul"));
        QCOMPARE(qs(spec->kernel.language), QString("c"));
        QCOMPARE(spec->kernel.compilerFlags,
                 (std::vector<std::string>{"-ffast-math", "-march=native"}));

        QCOMPARE(spec->parameters.size(), std::size_t(3));
        QCOMPARE(qs(spec->parameters[0].name), QString("BM"));
        QCOMPARE(spec->parameters[0].values, (std::vector<double>{16, 32, 64}));
        QCOMPARE(spec->parameters[1].values, (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8}));
        QCOMPARE(spec->parameters[2].values, (std::vector<double>{0.5, 1.0, 1.5}));
        QCOMPARE(spec->constraints,
                 (std::vector<std::string>{"BM * UNROLL <= 256", "N % BM == 0"}));
        // Size names keep document order ("N" before "M"), rows follow the names.
        QCOMPARE(spec->sizes.names, (std::vector<std::string>{"N", "M"}));
        QCOMPARE(spec->sizes.values, (std::vector<std::vector<double>>{{256, 1}, {512, 2}}));
        QVERIFY(!spec->launch.has_value());

        const auto &args = spec->arguments;
        QCOMPARE(args.size(), std::size_t(6));
        QCOMPARE(args[0].kind, Argument::Kind::Buffer);
        QCOMPARE(args[0].type, ElementType::Float32);
        QCOMPARE(qs(args[0].size), QString("N*N"));
        QCOMPARE(args[0].init.kind, BufferInit::Kind::Random);
        QCOMPARE(args[0].init.seed, std::uint64_t(7));
        QCOMPARE(args[0].init.min, -1.0);
        QCOMPARE(args[0].init.max, 1.0);
        QVERIFY(!args[0].output);
        QCOMPARE(args[1].type, ElementType::Float64);
        QCOMPARE(args[1].init.kind, BufferInit::Kind::Zero);
        QCOMPARE(args[2].init.kind, BufferInit::Kind::Constant);
        QCOMPARE(args[2].init.value, 2.5);
        QVERIFY(args[2].output);
        QCOMPARE(args[3].type, ElementType::Int32);
        QCOMPARE(args[3].init.kind, BufferInit::Kind::Sequence);
        QCOMPARE(args[3].init.start, 3.0);
        QCOMPARE(args[3].init.step, 2.0);
        QCOMPARE(args[4].type, ElementType::UInt8);
        QCOMPARE(qs(args[4].size), QString("16")); // a number is its own expression
        QCOMPARE(args[4].init.kind, BufferInit::Kind::Zero);
        QCOMPARE(args[5].kind, Argument::Kind::Scalar);
        QCOMPARE(args[5].type, ElementType::Int64);
        QCOMPARE(qs(args[5].value), QString("N"));

        // The reference comes back in parameter order, whatever order the document used.
        QCOMPARE(spec->verification.reference, std::optional(std::vector<double>{16, 1, 1}));
        QCOMPARE(spec->verification.rtol, 1e-4);
        QCOMPARE(spec->verification.atol, 1e-6);
        QCOMPARE(spec->metrics.size(), std::size_t(2));
        QCOMPARE(qs(spec->metrics[0].name), QString("GFLOP/s"));
        QCOMPARE(qs(spec->metrics[0].expression), QString("2*N^3 / time / 1e9"));
        QCOMPARE(qs(spec->objective.metric), QString("GFLOP/s"));
        QVERIFY(!spec->objective.minimize);
        QCOMPARE(qs(spec->strategy.name), QString("random"));
        QCOMPARE(spec->strategy.maxConfigs, std::int64_t(50));
        QCOMPARE(spec->strategy.maxSeconds, 120.5);
        QCOMPARE(spec->strategy.seed, std::uint64_t(42));
        const MeasurementSettings measurement{.warmupRuns = 2,
                                              .minSamples = 7,
                                              .maxSamples = 70,
                                              .targetRelativeHalfWidth = 0.02,
                                              .minSecondsPerConfig = 0.05,
                                              .maxSecondsPerConfig = 1.5,
                                              .timeoutSeconds = 10,
                                              .warmCache = true};
        QCOMPARE(qs(describe(spec->measurement)), qs(describe(measurement)));
    }

    void fillsDefaultsForOptionalFields()
    {
        SpecLoader loader;
        auto spec = loader.parse(minimalSpec().dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        const Spec defaults;
        QCOMPARE(qs(spec->kernel.language), QString("c"));
        QVERIFY(spec->kernel.sourcePath.empty());
        QVERIFY(spec->constraints.empty());
        QVERIFY(!spec->verification.reference);
        QCOMPARE(spec->verification.rtol, defaults.verification.rtol);
        QCOMPARE(qs(spec->objective.metric), QString("time"));
        QVERIFY(spec->objective.minimize);
        QCOMPARE(qs(spec->strategy.name), QString("auto"));
        QVERIFY(spec->strategy.replayFile.empty());
        QCOMPARE(spec->strategy.seed, defaults.strategy.seed);
        QCOMPARE(spec->measurement.minSamples, defaults.measurement.minSamples);
        QCOMPARE(spec->measurement.timeoutSeconds, defaults.measurement.timeoutSeconds);
        QCOMPARE(qs(spec->baseDirectory), QString("/tmp"));
        QVERIFY(!spec->measurement.concurrentCuptiRecords); // serial records unless asked

        auto json = minimalSpec();
        json["measurement"] = Json::parse(R"({"cupti_records": "concurrent"})");
        auto concurrent = loader.parse(json.dump(), "/tmp");
        QVERIFY2(concurrent.hasValue(), issueList(loader).constData());
        QVERIFY(concurrent->measurement.concurrentCuptiRecords);
    }

    void keepsInlineCode()
    {
        auto json = minimalSpec();
        json["kernel"]["code"] = "int k(void) { return 42; }\n";
        SpecLoader loader;
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(qs(spec->kernel.code), QString("int k(void) { return 42; }\n"));
        QVERIFY(spec->kernel.sourcePath.empty());
    }

    void expandsRangesInEveryForm()
    {
        auto json = minimalSpec();
        json["parameters"] = Json::parse(R"([
            {"name": "A", "range": {"start": 2, "stop": 6}},
            {"name": "B", "range": [1, 3]},
            {"name": "C", "range": [8, 1, -3]},
            {"name": "D", "range": {"start": 0, "stop": 0.3, "step": 0.1}}])");
        SpecLoader loader;
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->parameters[0].values, (std::vector<double>{2, 3, 4, 5, 6}));
        QCOMPARE(spec->parameters[1].values, (std::vector<double>{1, 2, 3}));
        QCOMPARE(spec->parameters[2].values, (std::vector<double>{8, 5, 2}));
        QCOMPARE(spec->parameters[3].values.size(), std::size_t(4)); // stop is inclusive
    }

    void readsCudaLaunchGeometry()
    {
        auto json = minimalSpec();
        json["backend"] = "cuda";
        json["kernel"]["entry"] = "scale<BM>";
        json["kernel"]["arch"] = "sm_80";
        json["launch"] = Json::parse(
            R"json({"grid": ["ceil_div(N, BM)", 1], "block": ["BM"], "shared_memory": "BM*4"})json");
        SpecLoader loader;
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->backend, BackendKind::Cuda);
        QCOMPARE(qs(spec->kernel.language), QString("cuda"));
        QCOMPARE(qs(spec->kernel.entry), QString("scale<BM>"));
        QCOMPARE(qs(spec->kernel.arch), QString("sm_80"));
        QVERIFY(spec->launch.has_value());
        QCOMPARE(spec->launch->grid, (std::vector<std::string>{"ceil_div(N, BM)", "1"}));
        QCOMPARE(spec->launch->block, (std::vector<std::string>{"BM"}));
        QCOMPARE(qs(spec->launch->dynamicSharedMemory), QString("BM*4"));
    }

    void readsAConstantArgument()
    {
        auto json = minimalSpec();
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"json({"grid": ["N"], "block": ["BM"]})json");
        json["arguments"].push_back(Json::parse(
            R"({"name": "taps", "kind": "constant", "type": "float64", "size": "BM + 1",
                "init": {"constant": 0.25}})"));
        SpecLoader loader;
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        const Argument &taps = spec->arguments.back();
        QVERIFY(taps.kind == Argument::Kind::Constant);
        QVERIFY(taps.hasElements() && !taps.isParameter() && !taps.output);
        QCOMPARE(qs(taps.size), QString("BM + 1"));
        QVERIFY(taps.type == ElementType::Float64);
        QCOMPARE(taps.init.value, 0.25);
    }

    // verification.expected: each output's own tolerances and allowance, the rest the
    // section's; the worker's copy of the document reads back alike.
    void readsEachOutputsExpectedSettings()
    {
        auto json = minimalSpec();
        json["arguments"] = Json::parse(R"([
            {"name": "x", "size": "N"},
            {"name": "y", "size": "N", "output": true},
            {"name": "bitmap", "type": "int32", "size": "N", "output": true},
            {"name": "mask", "type": "uint8", "size": "N", "output": true}])");
        json["verification"] = Json::parse(R"({"reference": {"BM": 16}, "rtol": 1e-4,
            "expected": {"bitmap": {"max_mismatches": 3},
                         "y": {"rtol": 0.01, "atol": 0.5},
                         "mask": {"max_mismatches": 0.001}}})");
        SpecLoader loader;
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        const Verification &verification = spec->verification;
        QCOMPARE(verification.expected.size(), std::size_t(3));
        QCOMPARE(qs(verification.expected[0].output), QString("bitmap")); // document order
        QVERIFY(!verification.expected[0].rtol && !verification.expected[0].atol);
        QVERIFY(verification.expected[0].file.empty());
        QCOMPARE(verification.toleranceFor("bitmap").maxMismatches.of(1000), std::uint64_t(3));
        QCOMPARE(verification.toleranceFor("bitmap").rtol, 1e-4);
        QCOMPARE(verification.toleranceFor("bitmap").atol, 1e-8);
        QCOMPARE(verification.toleranceFor("y").rtol, 0.01);
        QCOMPARE(verification.toleranceFor("y").atol, 0.5);
        QCOMPARE(verification.toleranceFor("y").maxMismatches.of(1000), std::uint64_t(0));
        QVERIFY(verification.toleranceFor("mask").maxMismatches.isFraction());
        QCOMPARE(verification.toleranceFor("mask").maxMismatches.of(5000), std::uint64_t(5));
        QCOMPARE(verification.toleranceFor("x").rtol, 1e-4); // no entry: the section's
        QVERIFY(verification.expectedFor("x") == nullptr);

        QCOMPARE(describeReparsed(loader, *spec), qs(describe(*spec)));
    }

    // The worker's copy must load with no file access at all: the kernel file is gone by then.
    void documentRoundTripsWithoutTheSourceFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string root = dir.path().toStdString();
        for (const char *name : {"matmul_full.json", "matmul.c"})
            std::filesystem::copy_file(kDataDir + "/" + name, root + "/" + name);
        SpecLoader loader;
        auto spec = loader.loadFile(root + "/matmul_full.json");
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        std::filesystem::remove(root + "/matmul.c");

        const auto document = Json::parse(spec->document);
        QVERIFY(!document["kernel"].contains("source"));
        QCOMPARE(qs(document["kernel"]["code"].get<std::string>()), qs(spec->kernel.code));

        QCOMPARE(describeReparsed(loader, *spec), qs(describe(*spec)));
    }

    void loadFileFailsWithIoErrorForAMissingFile()
    {
        SpecLoader loader;
        auto spec = loader.loadFile(kDataDir + "/no_such_spec.json");
        QVERIFY(!spec.hasValue());
        QCOMPARE(spec.error().code, EngineError::Code::IoError);
        QVERIFY(spec.error().message.find("no_such_spec.json") != std::string::npos);
        QCOMPARE(loader.issues().size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestSpecLoader)
#include "tst_specloader.moc"