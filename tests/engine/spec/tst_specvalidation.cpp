#include "spectesthelpers.h"

#include "spec/specloader.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

#include <sys/stat.h>

using namespace tb;
using namespace tb::testing;

// One test function per class of problem the loader must report, each checking the JSON path.
class TestSpecValidation : public QObject
{
    Q_OBJECT

private slots:
    void reportsInvalidJsonWithItsPosition()
    {
        SpecLoader loader;
        auto spec = loader.parse("{\n  \"name\": \"x\",\n  \"backend\" \"cpu\"\n}", "/tmp");
        QVERIFY(!spec.hasValue());
        QCOMPARE(loader.issues().size(), std::size_t(1));
        QVERIFY2(hasIssue(loader, "", "line 3"), issueList(loader).constData());
        QVERIFY2(hasIssue(loader, "", "byte 34"), issueList(loader).constData());
        TB_EXPECT_ISSUE(loader, Json::array(), "", "expected an object, got array");

        // Found by tests/fuzz/fuzz_specloader: a number beyond a double threw out of parse().
        auto huge = loader.parse(R"({"tunebench_spec": 1, "name": "x", "n": 1e777777777})", "/tmp");
        QVERIFY(!huge.hasValue());
        QVERIFY2(hasIssue(loader, "", "number overflow"), issueList(loader).constData());
    }

    // The last of two values used to win unseen (issue 34, item 8).
    void reportsDuplicateKeysWithTheirLines()
    {
        SpecLoader loader;
        const std::string text = "{\n"
                                 "  \"tunebench_spec\": 1,\n"
                                 "  \"name\": \"first\",\n"
                                 "  \"parameters\": [{\"name\": \"BM\", \"values\": [1],\n"
                                 "                  \"values\": [2]}],\n"
                                 "  \"name\": \"second\"\n"
                                 "}";
        auto spec = loader.parse(text, "/tmp");
        QVERIFY(!spec.hasValue());
        QVERIFY2(hasIssue(loader, "/name", "duplicate key 'name' at line 6 (first at line 3)"),
                 issueList(loader).constData());
        QVERIFY2(hasIssue(loader, "/parameters/0/values",
                          "duplicate key 'values' at line 5 (first at line 4)"),
                 issueList(loader).constData());

        // The same key in two objects is no duplicate.
        auto json = minimalSpec();
        json["kernel"]["name"] = "k"; // unknown there, but not a duplicate of /name
        QVERIFY(!loader.parse(json.dump(2), "/tmp").hasValue());
        for (const auto &issue : loader.issues())
            QVERIFY2(issue.message.find("duplicate key") == std::string::npos,
                     issue.message.c_str());
    }

    void reportsMissingFields()
    {
        SpecLoader loader;
        for (const char *key :
             {"tunebench_spec", "name", "backend", "parameters", "problem_sizes", "arguments"}) {
            auto json = minimalSpec();
            json.erase(key);
            TB_EXPECT_ISSUE(loader, json, "/" + std::string(key), "missing field");
        }
        auto json = minimalSpec();
        json["kernel"].erase("entry");
        TB_EXPECT_ISSUE(loader, json, "/kernel/entry", "missing field");
        json = minimalSpec();
        json["kernel"].erase("code");
        TB_EXPECT_ISSUE(loader, json, "/kernel/source", "missing field");
        json = minimalSpec();
        json["parameters"][0].erase("values");
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/values", "missing field");
        json = minimalSpec();
        json["arguments"][0].erase("size");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/size", "missing field");
        json = minimalSpec();
        json["backend"] = "cuda";
        TB_EXPECT_ISSUE(loader, json, "/launch", "required for the cuda backend");
    }

    void reportsWrongTypes()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["parameters"][0]["values"] = "16";
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/values",
                        "expected an array of numbers, got string");
        json = minimalSpec();
        json["parameters"][0]["values"] = Json::parse(R"([16, "32"])");
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/values/1", "expected a number, got string");
        json = minimalSpec();
        json["name"] = 5;
        TB_EXPECT_ISSUE(loader, json, "/name", "expected a string, got 5");
        json = minimalSpec();
        json["measurement"] = Json::parse(R"({"warm_cache": "yes", "min_samples": 2.5})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/warm_cache", "expected a boolean, got string");
        TB_EXPECT_ISSUE(loader, json, "/measurement/min_samples", "expected an integer, got 2.5");
        json = minimalSpec();
        json["measurement"] = Json::parse(R"({"cupti_records": "parallel"})");
        TB_EXPECT_ISSUE(loader, json, "/measurement/cupti_records",
                        "expected \"serial\" or \"concurrent\", got \"parallel\"");
        json = minimalSpec();
        json["kernel"] = "k.c";
        TB_EXPECT_ISSUE(loader, json, "/kernel", "expected an object, got string");
        json = minimalSpec();
        json["problem_sizes"][0]["N"] = true;
        TB_EXPECT_ISSUE(loader, json, "/problem_sizes/0/N", "expected a number, got boolean");
    }

    void reportsUnknownKeys()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["paramters"] = Json::array();
        json["kernel"]["entyr"] = "k";
        json["arguments"][0]["colour"] = "red";
        TB_EXPECT_ISSUE(loader, json, "/paramters", "unknown key 'paramters'");
        QVERIFY(hasIssue(loader, "/paramters", "did you mean 'parameters'?"));
        QVERIFY(hasIssue(loader, "/kernel/entyr", "unknown key"));
        QVERIFY(hasIssue(loader, "/arguments/0/colour", "unknown key"));
        QCOMPARE(loader.issues().size(), std::size_t(3));
    }

    void reportsABadOrMisplacedArch()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["kernel"]["arch"] = "sm_90"; // a cpu spec
        TB_EXPECT_ISSUE(loader, json, "/kernel/arch", "cuda backend only");
        json = minimalSpec();
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"json({"grid": ["N"], "block": ["BM"]})json");
        json["kernel"]["arch"] = "hopper";
        TB_EXPECT_ISSUE(loader, json, "/kernel/arch", "not a GPU architecture");
    }

    void reportsEmptyValueLists()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["parameters"][0]["values"] = Json::array();
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/values", "empty value list");
        json = minimalSpec();
        json["parameters"][0].erase("values");
        json["parameters"][0]["range"] = Json::parse("[8, 1]");
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/range", "empty range");
        json = minimalSpec();
        json["parameters"] = Json::array();
        TB_EXPECT_ISSUE(loader, json, "/parameters", "at least one parameter");
        json = minimalSpec();
        json["problem_sizes"] = Json::array();
        TB_EXPECT_ISSUE(loader, json, "/problem_sizes", "at least one problem size");
    }

    void reportsBadExpressionsAndUnknownNames()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["constraints"] = Json::array({"BM * (N", "BM <= BX"});
        json["arguments"][0]["size"] = "N * WIDTH";
        json["arguments"][1]["value"] = "time";
        json["metrics"] = Json::parse(R"([{"name": "rate", "expression": "N / time / Q"}])");
        TB_EXPECT_ISSUE(loader, json, "/constraints/0", "cannot parse");
        QVERIFY(hasIssue(loader, "/constraints/1", "'BX'"));
        QVERIFY(hasIssue(loader, "/arguments/0/size", "'WIDTH'"));
        QVERIFY(hasIssue(loader, "/arguments/1/value", "'time'")); // time is for metrics only
        QVERIFY(hasIssue(loader, "/metrics/0/expression", "'Q'"));
        QCOMPARE(loader.issues().size(), std::size_t(5));

        json = minimalSpec();
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"({"grid": ["N / BLOCK"], "block": ["BM", "", 1, 1]})");
        TB_EXPECT_ISSUE(loader, json, "/launch/grid/0", "'BLOCK'");
        QVERIFY(hasIssue(loader, "/launch/block", "1 to 3 expressions, got 4"));
    }

    void reportsConstraintsThatRejectEverything()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["constraints"] = Json::parse(R"(["N % BM == 0"])");
        json["problem_sizes"] = Json::parse(R"([{"N": 256}, {"N": 100}])");
        TB_EXPECT_ISSUE(loader, json, "/constraints", "reject every configuration");
        QVERIFY(hasIssue(loader, "/constraints", "problem size 1 (N=100)"));
        QCOMPARE(loader.issues().size(), std::size_t(1));
    }

    void reportsANewerFormatVersionAlone()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["tunebench_spec"] = 2;
        json["future_field"] = true; // a newer format may have fields this build does not know
        TB_EXPECT_ISSUE(loader, json, "/tunebench_spec", "written by a newer Tunebench");
        QCOMPARE(loader.issues().size(), std::size_t(1));
    }

    void reportsNameProblems()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["parameters"] = Json::parse(R"([{"name": "N", "values": [1]},
            {"name": "a", "values": [1]}, {"name": "2X", "values": [1]},
            {"name": "time", "values": [1]}, {"name": "a", "values": [2]}])");
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/name", "also a problem-size variable");
        QVERIFY(hasIssue(loader, "/parameters/1/name", "also the name of argument /arguments/0"));
        QVERIFY(hasIssue(loader, "/parameters/2/name", "not a valid name"));
        QVERIFY(hasIssue(loader, "/parameters/3/name", "reserved"));
        QVERIFY(hasIssue(loader, "/parameters/4/name", "duplicate parameter name 'a'"));
    }

    void reportsDuplicatesAndRaggedProblemSizes()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["parameters"][0]["values"] = Json::parse("[16, 32, 16]");
        json["problem_sizes"] = Json::parse(R"([{"N": 1, "M": 2}, {"N": 3}, {"N": 1, "M": 2},
            {"N": 5, "M": 6, "K": 7}])");
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/values/2", "duplicate value 16");
        QVERIFY(hasIssue(loader, "/problem_sizes/1/M", "missing size variable 'M'"));
        QVERIFY(hasIssue(loader, "/problem_sizes/2", "duplicate of problem size 0"));
        QVERIFY(hasIssue(loader, "/problem_sizes/3/K", "unknown key 'K'"));
    }

    void reportsBadArguments()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["arguments"][0]["type"] = "float12";
        json["arguments"][0]["init"] = "ones";
        json["arguments"][1]["init"] = "zero";
        json["arguments"].push_back(Json::parse(R"({"name": "r", "size": "N",
            "init": {"random": {"min": 2, "max": 1}, "constant": 1}})"));
        json["arguments"].push_back(Json::parse(R"({"name": "q", "kind": "pointer", "size": 4,
            "init": {"random": {"min": 2, "max": 1}}})"));
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/type", "unknown type 'float12'");
        QVERIFY(hasIssue(loader, "/arguments/0/init", "expected \"zero\" or an object"));
        QVERIFY(hasIssue(loader, "/arguments/1/init", "applies to buffers only"));
        QVERIFY(hasIssue(loader, "/arguments/2/init", "exactly one of"));
        QVERIFY(hasIssue(loader, "/arguments/3/kind", "unknown argument kind 'pointer'"));
        QVERIFY(hasIssue(loader, "/arguments/3/init/random/max", "below min"));
        json = minimalSpec();
        json["arguments"] = Json::array();
        TB_EXPECT_ISSUE(loader, json, "/arguments", "at least one argument");
    }

    // 16- and 8-bit reals are GPU types: a C kernel has no portable one to receive.
    void keepsHalfPrecisionToTheCudaBackend()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["arguments"][0]["type"] = "bfloat16";
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/type", "for the cuda backend only");
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"({"grid": ["N"], "block": [32]})");
        json["arguments"][0]["type"] = "float16";
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(),
                 qPrintable(QString::fromStdString(spec ? "" : spec.error().toString())));
        QCOMPARE(spec->arguments[0].type, ElementType::Float16);
        json["arguments"][0]["type"] = "float8_e4m3fn";
        spec = loader.parse(json.dump(), "/tmp");
        QVERIFY(spec.hasValue());
        QCOMPARE(spec->arguments[0].type, ElementType::Float8E4M3);
        json["arguments"][0]["type"] = "float8_e5m2";
        spec = loader.parse(json.dump(), "/tmp");
        QVERIFY(spec.hasValue());
        QCOMPARE(spec->arguments[0].type, ElementType::Float8E5M2);
        json["backend"] = "cpu";
        json.erase("launch");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/type", "for the cuda backend only");
        json["arguments"][0]["type"] = "float8";
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/type", "float8_e4m3fn, float8_e5m2");
    }

    // Triton decides a kernel's block and shared memory; its options are parameters.
    void readsATritonKernelsLaunchAsAGridOnly()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["backend"] = "cuda";
        json["kernel"] = Json::parse(R"({"code": "@triton.jit\ndef k(a, n): pass\n",
            "entry": "k", "language": "triton", "flags": ["-O3"]})");
        json["launch"] = Json::parse(R"({"grid": ["N / BM"], "block": [128]})");
        TB_EXPECT_ISSUE(loader, json, "/launch/block", "a Triton kernel takes no 'block'");
        QVERIFY(hasIssue(loader, "/kernel/flags", "takes no compiler flags"));
        json["kernel"].erase("flags");
        json["launch"].erase("block");
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY2(spec.hasValue(), qPrintable(qs(spec ? "" : spec.error().toString())));
        QCOMPARE(spec->kernel.language, std::string("triton"));
        QVERIFY(spec->launch->block.empty());
        json["kernel"]["language"] = "python";
        TB_EXPECT_ISSUE(loader, json, "/kernel/language", "use cuda or triton");
    }

    // Constant arguments fill __constant__ memory: cuda only, read-only, sized like buffers.
    void reportsMisusedConstantArguments()
    {
        SpecLoader loader;
        auto json = minimalSpec(); // a cpu spec
        json["arguments"].push_back(
            Json::parse(R"({"name": "table", "kind": "constant", "size": 16})"));
        TB_EXPECT_ISSUE(loader, json, "/arguments/2/kind", "for the cuda backend only");
        json["backend"] = "cuda";
        json["launch"] = Json::parse(R"json({"grid": ["N"], "block": ["BM"]})json");
        json["arguments"][2]["output"] = true;
        json["arguments"][2].erase("size");
        json["arguments"][2]["value"] = "1";
        TB_EXPECT_ISSUE(loader, json, "/arguments/2/output", "read-only");
        QVERIFY(hasIssue(loader, "/arguments/2/size", "missing"));
        QVERIFY(hasIssue(loader, "/arguments/2/value", "applies to scalars only"));
    }

    // Sizes and values evaluated per problem size by the workers' own rules: a buffer of -N or
    // 10^18 elements, an int32 that overflows, fail validation instead of every configuration.
    void reportsArgumentValuesNoWorkerCouldUse()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["problem_sizes"] = Json::parse(R"([{"N": 256}, {"N": 1e18}])");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/size", "larger than 2^34 elements");
        QVERIFY2(
            hasIssue(loader, "/arguments/0/size", "problem size 1 (N=1e+18)") ||
                hasIssue(loader, "/arguments/0/size", "problem size 1 (N=1000000000000000000)"),
            issueList(loader).constData());
        QVERIFY2(hasIssue(loader, "/arguments/1/value", "argument 'n'"),
                 issueList(loader).constData());

        json = minimalSpec();
        json["arguments"][0]["size"] = "N - 2 * BM * 8";
        json["problem_sizes"] = Json::parse(R"([{"N": 1024}, {"N": 128}])");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/size",
                        "is negative for problem size 1 (N=128)");
        QCOMPARE(loader.issues().size(), std::size_t(1));

        json = minimalSpec();
        json["arguments"][0]["size"] = "N / 3";
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/size", "not a whole number of elements");
        QVERIFY(SpecLoader().parse(minimalSpec().dump(), "/tmp").hasValue());
    }

    void reportsAnUnreadableSourceByItsResolvedPath()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["kernel"].erase("code");
        json["kernel"]["source"] = "kernels/../missing.c";
        TB_EXPECT_ISSUE(loader, json, "/kernel/source",
                        "'" + std::string(TB_SOURCE_DIR) + "/missing.c'");
        json["kernel"]["code"] = "void k(void) {}";
        TB_EXPECT_ISSUE(loader, json, "/kernel", "either 'source' or 'code'");

        // Readable, but not text the document (JSON, UTF-8) can carry to a worker.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string latin1 = dir.path().toStdString() + "/latin1.c";
        std::ofstream(latin1, std::ios::binary) << "// caf\xe9\nvoid k(void) {}\n";
        json["kernel"].erase("code");
        json["kernel"]["source"] = latin1;
        TB_EXPECT_ISSUE(loader, json, "/kernel/source", "not valid UTF-8");
    }

    // /dev/zero was read until std::bad_alloc, a FIFO blocked for good (issue 34, item 4).
    void refusesADeviceOrAFifoAsKernelSource()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string fifo = dir.path().toStdString() + "/kernel.c";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        SpecLoader loader;
        auto json = minimalSpec();
        json["kernel"].erase("code");
        json["kernel"]["source"] = fifo;
        TB_EXPECT_ISSUE(loader, json, "/kernel/source",
                        "cannot read kernel source '" + fifo + "': is a FIFO");
        json["kernel"]["source"] = "/dev/zero";
        TB_EXPECT_ISSUE(loader, json, "/kernel/source",
                        "cannot read kernel source '/dev/zero': is a character device");
    }

    void refusesADeviceOrAFifoAsTheSpecFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string fifo = dir.path().toStdString() + "/spec.json";
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        for (const std::string &path : {fifo, std::string("/dev/zero")}) {
            SpecLoader loader;
            auto spec = loader.loadFile(path);
            QVERIFY(!spec.hasValue());
            QCOMPARE(spec.error().code, EngineError::Code::IoError);
            QVERIFY2(hasIssue(loader, "", "cannot read spec file '" + path + "'"),
                     issueList(loader).constData());
            QVERIFY2(hasIssue(loader, "", "not a regular file"), issueList(loader).constData());
        }
    }

    // Validating a list took quadratic time (10^5 values 2.4 s, 10^6 over 100 s): now a list
    // has the limit a range has (10^6 values), and a long one validates in linear time.
    void refusesAValueListOverTheLimit()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        Json values = Json::array();
        for (int i = 0; i <= 1'000'000; ++i)
            values.push_back(i);
        json["parameters"][0]["values"] = std::move(values);
        TB_EXPECT_ISSUE(loader, json, "/parameters/0/values",
                        "has 1000001 values, more than 1000000");
    }

    void validatesALongValueList()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        Json values = Json::array();
        for (int i = 0; i < 200'000; ++i)
            values.push_back(i);
        values.push_back(-0.0); // 0 again: one value, as == says
        json["parameters"][0]["values"] = std::move(values);
        auto spec = loader.parse(json.dump(), TB_SOURCE_DIR);
        QVERIFY(!spec.hasValue());
        QCOMPARE(loader.issues().size(), std::size_t(1));
        QVERIFY2(hasIssue(loader, "/parameters/0/values/200000", "duplicate value"),
                 issueList(loader).constData());

        json["parameters"][0]["values"].erase(200'000);
        spec = loader.parse(json.dump(), TB_SOURCE_DIR);
        QVERIFY2(spec.hasValue(), issueList(loader).constData());
        QCOMPARE(spec->parameters[0].values.size(), std::size_t(200'000));
    }

    void collectsEveryIssueIntoOneError()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["name"] = "";
        json["backend"] = "opencl";
        json["parameters"][0]["values"] = Json::array();
        auto spec = loader.parse(json.dump(), "/tmp");
        QVERIFY(!spec.hasValue());
        QCOMPARE(spec.error().code, EngineError::Code::InvalidSpec);
        QCOMPARE(qs(spec.error().message), QString("spec has 3 problem(s)"));
        QCOMPARE(qs(spec.error().detail), QString("/name: must not be empty\n"
                                                  "/backend: unknown backend 'opencl' (known: "
                                                  "cpu, cuda)\n"
                                                  "/parameters/0/values: empty value list"));
        // A later good call starts from a clean slate.
        QVERIFY(loader.parse(minimalSpec().dump(), "/tmp").hasValue());
        QVERIFY(loader.issues().empty());
    }
};

QTEST_GUILESS_MAIN(TestSpecValidation)
#include "tst_specvalidation.moc"
