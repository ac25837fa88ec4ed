// exportCppHeader: a run stored in a real workspace, exported as a C++ header that the system
// compiler builds (-std=c++17 -Wall -Wextra -Werror) with a generated main; the program's
// choices for tuned sizes, sizes between, below and above them and a tie are checked. Hostile
// spec, parameter, size and device names must give a header that still compiles, keeps their
// text exactly in its string constants and nowhere outside comments and string literals.
#include "export/cppnames.h"
#include "export/exporter.h"
#include "export/runreader.h"
#include "finishedrun.h"
#include "headercompile.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "timedresult.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tb;

namespace {

// One size variable, sizes out of order; ALPHA has a fraction, so its column is a double.
constexpr const char *kSpec = R"({
  "tunebench_spec": 1,
  "name": "scale_cpp",
  "backend": "cpu",
  "kernel": {"code": "void scale(const float *x, float *y, int n) {}", "entry": "scale",
             "language": "c"},
  "parameters": [{"name": "BLOCK", "values": [32, 64, 128]}, {"name": "ALPHA", "values": [0.5, 1]}],
  "problem_sizes": [{"N": 4096}, {"N": 1024}, {"N": 16384}],
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "float32", "size": "N"},
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ]
})";

Result timed(double median)
{
    Result result = tbtest::timedResult(median);
    result.device = "Test GPU 80GB";
    return result;
}

// The compiler found at configure time, else c++ on PATH; empty when there is none.
QString compiler()
{
    return tbtest::testCompiler(QStringLiteral(TB_TEST_CXX));
}

// The header without its comments and the contents of its string and character literals: what
// the compiler reads as code.
std::string codeOnly(const std::string &text)
{
    std::string code;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text.compare(i, 2, "//") == 0) {
            i = text.find('\n', i);
            if (i == std::string::npos)
                break;
            code += '\n';
        } else if (text.compare(i, 2, "/*") == 0) {
            i = text.find("*/", i + 2);
            if (i == std::string::npos)
                break;
            ++i;
        } else if (text[i] == '"' || text[i] == '\'') {
            const char quote = text[i];
            code += quote;
            for (++i; i < text.size() && text[i] != quote; ++i)
                if (text[i] == '\\')
                    ++i;
            code += quote;
        } else {
            code += text[i];
        }
    }
    return code;
}

} // namespace

class TestCppHeaderExport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_specHash;
    std::string m_header;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        Result failed;
        failed.status = ResultStatus::CompileError;
        // Winners: N=4096 BLOCK=64 ALPHA=1, N=1024 BLOCK=32 ALPHA=0.5, N=16384 BLOCK=128
        // ALPHA=0.5; a compile error and slower results beside them.
        const std::string workspace = m_dir.filePath("run.tbw").toStdString();
        const std::int64_t runId = tbtest::storeFinishedRun(workspace, *spec,
                                                            {{{32, 0.5}, 0, timed(3e-3)},
                                                             {{64, 1}, 0, timed(1e-3)},
                                                             {{128, 0.5}, 0, failed},
                                                             {{32, 0.5}, 1, timed(2e-4)},
                                                             {{64, 1}, 1, timed(4e-4)},
                                                             {{128, 0.5}, 2, timed(5e-3)},
                                                             {{64, 0.5}, 2, timed(6e-3)}},
                                                            {"cuda", "brute_force", "9.8.7"});
        auto store = Store::open(workspace);
        QVERIFY(store.hasValue());
        m_specHash = store->specs().read(store->runs().read(runId)->specId)->contentHash;

        auto loaded = readRunAndSpec(*store, runId);
        QVERIFY(loaded.hasValue());
        auto results = store->results().ofRun(runId);
        QVERIFY(results.hasValue());
        auto header = exportCppHeader(loaded->spec, loaded->run, *results, "1.2.3");
        QVERIFY2(header.hasValue(), header ? "" : header.error().toString().c_str());
        m_header = *header;
    }

    void theHeaderHasTheWinnersAndTheFingerprint()
    {
        const QString header = QString::fromStdString(m_header);
        QVERIFY2(header.contains("namespace tunebench::scale_cpp {"), qPrintable(header));
        QVERIFY(header.contains("inline constexpr TunedEntry kTuned[] = {"));
        // Spec order; BLOCK and N whole (long long), ALPHA a double.
        QVERIFY2(header.contains("    {{4096}, {64, 1.0}, 0.001},\n"
                                 "    {{1024}, {32, 0.5}, 0.00020000000000000001},\n"
                                 "    {{16384}, {128, 0.5}, 0.0050000000000000001},\n};"),
                 qPrintable(header));
        QVERIFY(header.contains("    long long BLOCK;\n    double ALPHA;\n"));
        QVERIFY(header.contains("inline constexpr char kDevice[] = \"Test GPU 80GB\";"));
        QVERIFY(header.contains("inline constexpr char kTunebenchVersion[] = \"9.8.7\";"));
        QVERIFY(header.contains("(Tunebench \"1.2.3\")"));
        QVERIFY(header.contains(QString::fromStdString("kSpecHash[] = \"" + m_specHash + "\";")));
        QVERIFY(header.contains(QString::fromStdString(
            "kKernelSourceHash[] = \"" +
            Store::contentHash("void scale(const float *x, float *y, int n) {}") + "\";")));
        QVERIFY(header.contains("compute capability: not recorded"));
        QVERIFY(header.contains("the sum over size variables of |log(a) - log(b)|"));
    }

    void theHeaderCompilesAndSelects()
    {
        QVERIFY(tbtest::writeTextFile(m_dir.filePath("main.cpp"), R"(#include "tuned.h"
#include <cstdio>
#include <cstring>

int main()
{
    namespace t = tunebench::scale_cpp;
    static_assert(t::kTunedCount == 3, "three tuned sizes");
    static_assert(t::kTuned[1].config.BLOCK == 32, "the table is constexpr");
    const long long sizes[] = {1024, 4096, 16384, 1500, 3000, 2048, 8192, 1, 0, -5, 1000000};
    for (long long n : sizes) {
        const t::TunedEntry &entry = t::selectTuned(t::TunedSize{n});
        std::printf("%lld:%lld,%g\n", n, entry.config.BLOCK, entry.config.ALPHA);
    }
    std::printf("%s|%lld|%s\n", t::kSpecName, t::kRunId, t::kSpecHash);
    return std::strlen(t::kRunStartedAt) > 0 ? 0 : 1;
}
)"));
        QVERIFY(tbtest::writeTextFile(m_dir.filePath("tuned.h"), m_header));
        const auto built = tbtest::compileAndRun(compiler(), m_dir.path());
        QVERIFY2(built.ok, qPrintable(built.log));
        // Exact sizes get their own; 1500 is nearer 1024, 3000 nearer 4096 (in log space);
        // 2048 and 8192 lie halfway (ties: the larger size); below and above: the ends.
        const QString expected = "1024:32,0.5\n4096:64,1\n16384:128,0.5\n1500:32,0.5\n"
                                 "3000:64,1\n2048:64,1\n8192:128,0.5\n1:32,0.5\n0:32,0.5\n"
                                 "-5:32,0.5\n1000000:128,0.5\nscale_cpp|1|" +
                                 QString::fromStdString(m_specHash) + "\n";
        QCOMPARE(built.output, expected);
    }

    void hostileNamesStayInCommentsAndStrings()
    {
        const std::string hostile = "x\"; system(\"rm -rf /\"); //";
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY(spec.hasValue());
        spec->name = hostile;
        spec->parameters[0].name = "int";
        spec->parameters[1].name = "a\\\n#include </etc/passwd> system(0)?\?/";
        spec->sizes.names[0] = "*/ system(1); /*";
        RunRecord run;
        run.id = 7;
        run.device = "cpu";
        run.toolVersion = "1\"; system(2); \"";
        run.startedAt = "2026\\\nsystem(3);";
        StoredResult result;
        result.config = Configuration{{64, 0.5}};
        result.configKey = "hostile";
        result.sizeIndex = 1;
        result.result = timed(1e-3);
        result.result.device = "GPU \xc3\xa9\\\n?\?/ system(4)";
        auto header = exportCppHeader(*spec, run, {result}, "system(5)");
        QVERIFY2(header.hasValue(), header ? "" : header.error().toString().c_str());

        const std::string code = codeOnly(*header);
        // Identifiers made of the names ("system_0_") are harmless; the text itself is not.
        for (const char *text : {"system(", "</etc/passwd>", "#include </", "rm -rf", "*/"})
            QVERIFY2(code.find(text) == std::string::npos, (text + ("\n" + code)).c_str());
        // Every hostile name is in the header, escaped: the check above saw them.
        QVERIFY(header->find("system(4)") != std::string::npos);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string ns = cppIdentifier(hostile, "spec_");
        QVERIFY(tbtest::writeTextFile(dir.filePath("tuned.h"), *header));
        const std::string main =
            "#include \"tuned.h\"\n#include <cstdio>\n\nint main()\n{\n"
            "    namespace t = tunebench::" +
            ns +
            ";\n"
            "    const t::TunedEntry &entry = t::selectTuned(t::TunedSize{3});\n"
            "    std::printf(\"%lld,%g\\n\", entry.config.v_int,\n"
            "                entry.config.a___include___etc_passwd__system_0____);\n"
            "    std::fwrite(t::kSpecName, 1, sizeof t::kSpecName - 1, stdout);\n"
            "    std::fwrite(t::kDevice, 1, sizeof t::kDevice - 1, stdout);\n"
            "    std::fwrite(t::kRunStartedAt, 1, sizeof t::kRunStartedAt - 1, stdout);\n"
            "    return 0;\n}\n";
        QVERIFY(tbtest::writeTextFile(dir.filePath("main.cpp"), main));
        const auto built = tbtest::compileAndRun(compiler(), dir.path());
        QVERIFY2(built.ok, qPrintable(built.log + QString::fromStdString(*header)));
        // The constants hold the names exactly, bytes outside ASCII included.
        QCOMPARE(built.output.toStdString(),
                 "64,0.5\n" + hostile + result.result.device + run.startedAt);
    }

    // A run that tuned the GPU clock (issue 39): each entry carries the clock its winner was
    // tuned at, as a field of its configuration.
    void carriesTheClockATuneRanAt()
    {
        nlohmann::json document = nlohmann::json::parse(kSpec);
        document["backend"] = "cuda";
        document["kernel"]["language"] = "cuda";
        document["launch"] = {{"grid", {"N / BLOCK"}}, {"block", {"BLOCK"}}};
        document["parameters"][1] = {{"name", "gpu_clock_mhz"}, {"values", {1980, 1200}}};
        auto spec = SpecLoader().parse(document.dump(), m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        StoredResult winner;
        winner.config = Configuration{{128, 1200}};
        winner.configKey = winner.config.key(spec->parameters);
        winner.result = timed(7.7e-3);
        RunRecord run;
        run.id = 5;
        auto header = exportCppHeader(*spec, run, {winner}, "1.2.3");
        QVERIFY2(header.hasValue(), header ? "" : header.error().toString().c_str());
        const QString text = QString::fromStdString(*header);
        QVERIFY2(text.contains("    long long BLOCK;\n    long long gpu_clock_mhz;\n"),
                 qPrintable(text));
        QVERIFY2(text.contains("    {{4096}, {128, 1200}, 0.0077000000000000002},\n"),
                 qPrintable(text));
    }

    void aRunWithoutWinnersIsRefused()
    {
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY(spec.hasValue());
        StoredResult failed;
        failed.config = Configuration{{64, 1}};
        failed.result.status = ResultStatus::CompileError;
        RunRecord run;
        run.id = 4;
        auto header = exportCppHeader(*spec, run, {failed}, "1.2.3");
        QVERIFY(!header.hasValue());
        QCOMPARE(header.error().code, EngineError::Code::InvalidArgument);
        QVERIFY2(header.error().message.find("run 4 has no successful configuration") !=
                     std::string::npos,
                 header.error().message.c_str());
    }

    void namesBecomeSafeIdentifiers()
    {
        QCOMPARE(cppIdentifier("BLOCK_SIZE", "v_"), std::string("BLOCK_SIZE"));
        QCOMPARE(cppIdentifier("int", "v_"), std::string("v_int"));
        QCOMPARE(cppIdentifier("and", "v_"), std::string("v_and"));
        QCOMPARE(cppIdentifier("2d", "v_"), std::string("v_2d"));
        QCOMPARE(cppIdentifier("__LINE__", "v_"), std::string("v___LINE__"));
        QCOMPARE(cppIdentifier("NULL", "v_"), std::string("v_NULL"));
        QCOMPARE(cppIdentifier("M_PI", "v_"), std::string("v_M_PI"));
        QCOMPARE(cppIdentifier("", "v_"), std::string("v_"));
        QCOMPARE(cppIdentifier("a-b c", "v_"), std::string("a_b_c"));
        std::set<std::string> taken;
        QCOMPARE(uniqueCppIdentifier("a-b", "v_", taken), std::string("a_b"));
        QCOMPARE(uniqueCppIdentifier("a_b", "v_", taken), std::string("a_b_2"));
        QCOMPARE(cppStringLiteral("a\"b\\c?\n\xc3"), std::string("\"a\\\"b\\\\c\\?\\012\\303\""));
    }
};

QTEST_GUILESS_MAIN(TestCppHeaderExport)
#include "tst_cppheaderexport.moc"
