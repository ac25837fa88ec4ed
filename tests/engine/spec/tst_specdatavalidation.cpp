#include "npyfiles.h"
#include "spectesthelpers.h"

#include "data/specdatafiles.h"
#include "spec/specloader.h"

#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using namespace tb::testing;

// A spec's data: the files and expressions its buffers start from, and what its outputs are
// compared with (a reference configuration, expected files). Each problem is reported at its
// JSON path when the spec loads, not by a worker mid-run.
class TestSpecDataValidation : public QObject
{
    Q_OBJECT

private slots:
    // A missing or mismatched data file is a spec problem found at load, not a worker's crash.
    void reportsDataFilesThatCannotServe()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/a_256.npy", "<f8", std::vector<double>(256, 1.0)));
        QVERIFY(tbtest::writeNpy(base + "/a_512.npy", "<f4", std::vector<float>(5120, 1.0f)));
        SpecLoader loader;
        auto json = minimalSpec();
        const auto refuses = [&](const char *file, const char *fragment) {
            json["arguments"][0]["init"] = Json{{"file", file}};
            QVERIFY(!loader.parse(json.dump(), base));
            QVERIFY2(hasIssue(loader, "/arguments/0/init/file", fragment),
                     issueList(loader).constData());
        };
        refuses("missing.npy", "missing.npy");
        refuses("a_{N}.npy", "dtype <f8, shape (256,)");
        json["problem_sizes"] = Json::parse(R"([{"N": 512}])");
        refuses("a_{N}.npy", "holds 5120 elements, the argument needs 512");
        refuses("a_{M}.npy", "{M} is no problem-size variable");

        json["arguments"][0]["init"] = Json::parse(R"({"file": ""})");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/init/file", "");
        json["arguments"][0]["init"] = Json::parse(R"({"file": "a.npy", "constant": 1})");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/init", "exactly one of");
    }

    void reportsInitExpressionsOfConfigurations()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["arguments"][0]["init"] = Json::parse(R"j({"expression": "cos(2 * _pi * i / N)"})j");
        QVERIFY2(loader.parse(json.dump(), "/tmp"), issueList(loader).constData());
        // A parameter would make a buffer's contents differ per configuration.
        json["arguments"][0]["init"] = Json::parse(R"({"expression": "i * BM"})");
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/init/expression", "unknown name 'BM'");
        json["arguments"][0]["init"] = Json::parse(R"({"expression": "i"})");
        json["problem_sizes"] = Json::parse(R"([{"i": 256}])");
        json["arguments"][0]["size"] = "i";
        json["arguments"][1]["value"] = "i";
        TB_EXPECT_ISSUE(loader, json, "/arguments/0/init/expression", "rename the size variable");
    }

    void reportsABadReferenceConfig()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["parameters"].push_back(Json::parse(R"({"name": "U", "values": [1, 2]})"));
        json["verification"] = Json::parse(R"({"reference": {"BM": 48, "V": 1}, "rtol": -1})");
        TB_EXPECT_ISSUE(loader, json, "/verification/reference/BM", "not among the values");
        QVERIFY(hasIssue(loader, "/verification/reference", "missing value for parameter 'U'"));
        QVERIFY(hasIssue(loader, "/verification/reference/V", "unknown parameter 'V'"));
        QVERIFY(hasIssue(loader, "/verification/rtol", "must not be negative"));

        json["constraints"] = Json::parse(R"(["BM * U <= N / 8"])");
        json["problem_sizes"] = Json::parse(R"([{"N": 1024}, {"N": 256}])");
        json["verification"] = Json::parse(R"({"reference": {"BM": 64, "U": 1}})");
        TB_EXPECT_ISSUE(loader, json, "/verification/reference", "problem size 1 (N=256)");
        QCOMPARE(loader.issues().size(), std::size_t(1));
    }

    // Each verification.expected entry names an output buffer and sets valid values.
    void reportsBadExpectedOutputs()
    {
        SpecLoader loader;
        auto json = minimalSpec();
        json["arguments"][0]["output"] = true;
        const auto expecting = [&json](const char *expected) {
            json["verification"] = Json::parse(R"({"reference": {"BM": 16}})");
            json["verification"]["expected"] = Json::parse(expected);
            return json;
        };
        TB_EXPECT_ISSUE(loader, expecting(R"({"b": {}})"), "/verification/expected/b",
                        "unknown output 'b': no argument has that name");
        TB_EXPECT_ISSUE(loader, expecting(R"({"n": {}})"), "/verification/expected/n",
                        "argument 'n' is not an output");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": {"max_mismatches": -1}})"),
                        "/verification/expected/a/max_mismatches", "must not be negative");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": {"max_mismatches": 2.5}})"),
                        "/verification/expected/a/max_mismatches",
                        "must be a count (a whole number) or a fraction below 1, not 2.5");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": {"max_mismatches": "3"}})"),
                        "/verification/expected/a/max_mismatches", "expected a number");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": {"atol": -0.5}})"),
                        "/verification/expected/a/atol", "must not be negative");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": {"max_mismatch": 3}})"),
                        "/verification/expected/a/max_mismatch", "unknown key 'max_mismatch'");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": 3})"), "/verification/expected/a",
                        "expected an object");
        TB_EXPECT_ISSUE(loader, expecting(R"([])"), "/verification/expected", "expected an object");
        TB_EXPECT_ISSUE(loader, expecting(R"({"a": {"file": ""}})"),
                        "/verification/expected/a/file", "must not be empty");
        QCOMPARE(loader.issues().size(), std::size_t(1));
        // Compared with the reference, which the section must give then.
        json["verification"] = Json::parse(R"({"expected": {"a": {"max_mismatches": 1}}})");
        TB_EXPECT_ISSUE(loader, json, "/verification/expected/a",
                        "compared with the reference configuration, but the section gives no "
                        "\"reference\"");
        QVERIFY(
            loader.parse(expecting(R"({"a": {"max_mismatches": 1}})").dump(), "/tmp").hasValue());
        QVERIFY(loader.parse(expecting(R"({"a": {"max_mismatches": 0.25}})").dump(), "/tmp")
                    .hasValue());
        QVERIFY(
            loader.parse(expecting(R"({"a": {"max_mismatches": 7.0}})").dump(), "/tmp").hasValue());
    }

    // An expected file is checked as an input file is, for every problem size, and reported once.
    void reportsExpectedFilesThatCannotServe()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/a_256.npy", "<f4", std::vector<float>(256, 1.0f)));
        QVERIFY(tbtest::writeNpy(base + "/a_512.npy", "<f4", std::vector<float>(500, 1.0f)));
        QVERIFY(tbtest::writeNpy(base + "/a_f8.npy", "<f8", std::vector<double>(256, 1.0)));
        SpecLoader loader;
        auto json = minimalSpec();
        json["arguments"][0]["output"] = true;
        json["verification"] = Json::parse(R"({"expected": {"a": {"file": "a_{N}.npy"}}})");
        // No reference configuration is needed when the output has its file.
        auto parsed = loader.parse(json.dump(), base);
        QVERIFY2(parsed, issueList(loader).constData());
        QCOMPARE(qs(parsed->verification.expectedFile("a")), QString("a_{N}.npy"));
        QVERIFY(parsed->verification.compares());

        const auto refuses = [&](const char *fragment) {
            QVERIFY(!loader.parse(json.dump(), base));
            QVERIFY2(hasIssue(loader, "/verification/expected/a/file", fragment),
                     issueList(loader).constData());
        };
        json["problem_sizes"] = Json::parse(R"([{"N": 256}, {"N": 512}, {"N": 1024}])");
        refuses("holds 500 elements, the argument needs 512 for problem size 1 (N=512)");
        QCOMPARE(loader.issues().size(), std::size_t(1)); // N=1024's missing file: not again

        json["problem_sizes"] = Json::parse(R"([{"N": 256}])");
        json["verification"]["expected"]["a"]["file"] = "a_f8.npy";
        refuses("dtype <f8");
        json["verification"]["expected"]["a"]["file"] = "a_{M}.npy";
        refuses("{M} is no problem-size variable");
    }

    // A run records the expected files with the input files, so a changed one is noticed.
    void listsExpectedFilesAmongTheDataFiles()
    {
        QTemporaryDir dir;
        const std::string base = dir.path().toStdString();
        QVERIFY(tbtest::writeNpy(base + "/a_256.npy", "<f4", std::vector<float>(256, 1.0f)));
        auto json = minimalSpec();
        json["arguments"][0]["output"] = true;
        json["arguments"][0]["init"] = Json::parse(R"({"file": "a_256.npy"})");
        json["verification"] = Json::parse(R"({"expected": {"a": {"file": "a_{N}.npy"}}})");
        SpecLoader loader;
        auto spec = loader.parse(json.dump(), base);
        QVERIFY2(spec, issueList(loader).constData());
        auto uses = specDataFiles(*spec);
        QVERIFY(uses);
        const std::string path = base + "/a_256.npy";
        const std::vector<DataFileUse> expected{{"a", path}, {expectedFileLabel("a"), path}};
        QCOMPARE(uses->size(), expected.size());
        QVERIFY(*uses == expected);
    }
};

QTEST_GUILESS_MAIN(TestSpecDataValidation)
#include "tst_specdatavalidation.moc"
