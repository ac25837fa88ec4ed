// `tunebench-cli export RUN --format kernelset` and `--format cpp --max-slowdown PCT`: the real
// CLI on a workspace whose run is stored through the engine's Store. Two configurations run
// every tuned size within 2% of its own best; a third, measured at one size only, could do alone
// and is reported as pairs to measure; a size whose only result failed is reported. The header
// dispatches over the set and compiles with -std=c++17 -Wall -Wextra -Werror; --max-slowdown
// with another format, out of range, and a run without a success are errors.
#include "clirunner.h"
#include "headercompile.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "timedresult.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using nlohmann::json;

namespace {

constexpr const char *kSpec = R"({
  "tunebench_spec": 1,
  "name": "scale-set",
  "backend": "cpu",
  "kernel": {"code": "void scale(const float *x, float *y, int n) {}", "entry": "scale",
             "language": "c"},
  "parameters": [{"name": "BLOCK", "values": [32, 64, 128]}, {"name": "ALPHA", "values": [0.5, 1]}],
  "problem_sizes": [{"N": 1024}, {"N": 2048}, {"N": 4096}, {"N": 8192}, {"N": 16384}],
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "float32", "size": "N"},
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ]
})";

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

json parseJson(const QString &text)
{
    return json::parse(text.toStdString(), nullptr, false);
}

} // namespace

class TestCliExportKernelSet : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

    CliOutcome exportRun(const char *run, const QStringList &extra)
    {
        return runCli(QStringList{"--workspace", m_workspace, "export", run} + extra);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("run.tbw");
        auto spec = SpecLoader().parse(kSpec, m_dir.path().toStdString());
        QVERIFY2(spec.hasValue(), spec ? "" : spec.error().toString().c_str());
        auto store = Store::open(m_workspace.toStdString());
        QVERIFY(store.hasValue());
        const std::int64_t specId = *store->specs().save(*spec);
        RunRecord run;
        run.specId = specId;
        run.strategy = "random";
        run.device = "cpu";
        QCOMPARE(*store->runs().create(run), std::int64_t{1});
        Result failed;
        failed.status = ResultStatus::RuntimeError;
        // Milliseconds per size; 0: not measured, -1: failed. N=16384 has only a failure.
        const struct
        {
            double block, alpha;
            double ms[5];
        } rows[] = {{32, 0.5, {1.0, 1.0, 1.5, 1.5, -1}},
                    {64, 1, {1.5, 1.01, 1.0, 1.0, 0}},
                    {128, 0.5, {1.01, 0, 0, 0, 0}},
                    {64, 0.5, {2.0, 0.99, 2.0, 2.0, 0}}};
        for (const auto &row : rows) {
            const Configuration config{{row.block, row.alpha}};
            for (std::size_t size = 0; size < 5; ++size)
                if (row.ms[size] != 0)
                    QVERIFY(store->results()
                                .save(1, specId, config.key(spec->parameters), config, size,
                                      row.ms[size] > 0 ? tbtest::timedResult(row.ms[size] * 1e-3)
                                                       : failed)
                                .hasValue());
        }
        QVERIFY(store->runs().setState(1, RunState::Finished).hasValue());
        QCOMPARE(*store->runs().create(run), std::int64_t{2});
        const Configuration config{{32, 1}};
        QVERIFY(store->results()
                    .save(2, specId, config.key(spec->parameters), config, 0, failed)
                    .hasValue());
        QVERIFY(store->runs().setState(2, RunState::Finished).hasValue());
    }

    void theJsonNamesTheSetAndWhatToMeasure()
    {
        const auto outcome = exportRun("1", {"--format", "kernelset"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("2 configurations for 4 tuned problem sizes, each within "
                                      "2.00% of its own best (worst 1.01%, exact)"),
                 qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("problem size 4 (N=16384) has no ok result"),
                 qPrintable(outcome.err));
        const json doc = parseJson(outcome.out);
        QVERIFY2(doc.is_object(), qPrintable(outcome.out));
        QCOMPARE(doc["format"].get<std::string>(), std::string("tunebench-kernelset"));
        QCOMPARE(doc["max_slowdown_pct"].get<double>(), 2.0);
        QCOMPARE(doc["method"].get<std::string>(), std::string("exact"));
        QVERIFY(doc["note"].is_null());
        QCOMPARE(doc["candidates"].get<int>(), 4);
        QCOMPARE(doc["kernel_count"].get<int>(), 2);
        QCOMPARE(doc["kernels"][0]["config_key"].get<std::string>(),
                 std::string("BLOCK=32,ALPHA=0.5"));
        QCOMPARE(doc["kernels"][0]["config"]["BLOCK"].get<int>(), 32);
        QCOMPARE(doc["kernels"][1]["config_key"].get<std::string>(),
                 std::string("BLOCK=64,ALPHA=1"));
        QCOMPARE(doc["kernels"][1]["sizes"].get<int>(), 2);
        // N=2048: BLOCK=32 runs 1/0.99 - 1 slower than BLOCK=64 ALPHA=0.5, its own best.
        const json &sizes = doc["sizes"];
        QCOMPARE(sizes.size(), std::size_t{5});
        QCOMPARE(sizes[1]["kernel"].get<int>(), 0);
        QCOMPARE(sizes[1]["best_config_key"].get<std::string>(), std::string("BLOCK=64,ALPHA=0.5"));
        QVERIFY(std::fabs(sizes[1]["slowdown_pct"].get<double>() - (1 / 0.99 - 1) * 100) < 1e-9);
        QCOMPARE(sizes[2]["kernel"].get<int>(), 1);
        QCOMPARE(sizes[2]["problem_size"]["N"].get<int>(), 4096);
        QCOMPARE(sizes[2]["best_config_key"].get<std::string>(), std::string("BLOCK=64,ALPHA=1"));
        QVERIFY(std::fabs(sizes[2]["median_s"].get<double>() - 1e-3) < 1e-15);
        QVERIFY(sizes[4]["kernel"].is_null());
        QVERIFY(sizes[4].contains("reason"));
        // BLOCK=128 is within 1% at N=1024 and was never measured at the next three sizes.
        QCOMPARE(doc["could_shrink_to"].get<int>(), 1);
        const json &pairs = doc["unmeasured_pairs"];
        QCOMPARE(pairs.size(), std::size_t{3});
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            QCOMPARE(pairs[i]["config_key"].get<std::string>(), std::string("BLOCK=128,ALPHA=0.5"));
            QCOMPARE(pairs[i]["size_index"].get<std::size_t>(), i + 1);
        }
        QVERIFY2(outcome.err.contains("3 unmeasured (configuration, size) pairs could shrink the "
                                      "set to 1"),
                 qPrintable(outcome.err));
    }

    void aLargerToleranceNeedsOneKernel()
    {
        const auto outcome = exportRun("1", {"--format", "kernelset", "--max-slowdown", "60"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const json doc = parseJson(outcome.out);
        QCOMPARE(doc["kernel_count"].get<int>(), 1);
        // Both BLOCK=32 and BLOCK=64 are 50% slower at worst; BLOCK=64's mean is less.
        QCOMPARE(doc["kernels"][0]["config_key"].get<std::string>(),
                 std::string("BLOCK=64,ALPHA=1"));
        QCOMPARE(doc["worst_slowdown_pct"].get<double>(), 50.0);
        QVERIFY(doc["unmeasured_pairs"].empty());
        QVERIFY(doc["could_shrink_to"].is_null());
    }

    void theHeaderDispatchesOverTheSetAndCompiles()
    {
        const QString output = m_dir.filePath("tuned.h");
        const auto outcome =
            exportRun("1", {"--format", "cpp", "--max-slowdown", "2", "-o", output});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const QString header = readText(output);
        QVERIFY2(header.contains("// A kernel set of spec \"scale-set\", tuned by run 1: 2 "
                                 "configurations for 4 tuned problem sizes, each within 2% of "
                                 "its own best (the fewest possible)."),
                 qPrintable(header));
        QVERIFY2(header.contains("--format cpp --max-slowdown 2`"), qPrintable(header));
        QVERIFY2(header.contains("inline constexpr ::std::size_t kKernelCount = 2;"),
                 qPrintable(header));
        QVERIFY2(header.contains("    {{2048}, {32, 0.5}, 0.001, 0, 1.0101}, // \"N=2048\": kernel "
                                 "0, 1.0101% slower than its own best, \"BLOCK=64,ALPHA=0.5\"\n"),
                 qPrintable(header));
        QVERIFY(tbtest::writeTextFile(m_dir.filePath("main.cpp"), R"(#include "tuned.h"
#include <cstdio>

int main()
{
    namespace t = tunebench::scale_set;
    static_assert(t::kKernelCount == 2, "two kernels");
    static_assert(t::kTunedCount == 4, "four tuned sizes");
    static_assert(t::kMaxSlowdownPct == 2.0, "the tolerance");
    const long long sizes[] = {1024, 2048, 4096, 8192, 16384};
    for (long long n : sizes) {
        const t::TunedEntry &entry = t::selectTuned(t::TunedSize{n});
        const t::TunedConfig &kernel = t::kKernels[entry.kernel];
        std::printf("%lld:%lld,%g,%zu,%.2f\n", n, kernel.BLOCK, entry.config.ALPHA, entry.kernel,
                    entry.slowdown_pct);
    }
    return 0;
}
)"));
        const auto built =
            tbtest::compileAndRun(tbtest::testCompiler(QStringLiteral(TB_TEST_CXX)), m_dir.path());
        QVERIFY2(built.ok, qPrintable(built.log + header));
        QCOMPARE(built.output, QString("1024:32,0.5,0,0.00\n2048:32,0.5,0,1.01\n4096:64,1,1,0.00\n"
                                       "8192:64,1,1,0.00\n16384:64,1,1,0.00\n"));
    }

    void maxSlowdownBelongsToKernelSetAndCpp()
    {
        const auto csv = exportRun("1", {"--format", "csv", "--max-slowdown", "2"});
        QCOMPARE(csv.exitCode, 2);
        QVERIFY2(csv.err.contains("--max-slowdown applies to --format kernelset and cpp only"),
                 qPrintable(csv.err));
        const auto plain = exportRun("1", {"--max-slowdown", "2"});
        QCOMPARE(plain.exitCode, 2);
        const auto negative = exportRun("1", {"--format", "kernelset", "--max-slowdown", "-1"});
        QCOMPARE(negative.exitCode, 2);
        QVERIFY2(negative.err.contains("needs a percentage from 0 to 100"),
                 qPrintable(negative.err));
    }

    void aRunWithoutSuccessIsAnError()
    {
        const QString output = m_dir.filePath("failed.json");
        const auto outcome = exportRun("2", {"--format", "kernelset", "-o", output});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("run 2 has no successful configuration to choose a kernel "
                                      "set from"),
                 qPrintable(outcome.err));
        QVERIFY(!QFile::exists(output));
    }
};

QTEST_GUILESS_MAIN(TestCliExportKernelSet)
#include "tst_cliexportkernelset.moc"
