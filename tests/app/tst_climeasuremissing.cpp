// `tunebench-cli export RUN --format kernelset --measure-missing` (issue 20, item 2) through the
// real CLI on the CPU backend. A spec is tuned in full (run 1); run 2 of the same spec holds
// only MODE=1 at the smaller size and MODE=0 at the larger, as if each size had been tuned with
// a different subset, so its measured-only set takes both. Measuring the missing pair that could
// make it one (MODE=1 at the larger size, which computes a wrong answer there) stores that pair
// as failed and the reference measured on the way (MODE=0 at the smaller size) in run 2 itself;
// the set is then one configuration, or says why not. A stop keeps what was measured; a set
// that cannot shrink measures nothing; the option belongs to the kernel set formats.
#include "clirunner.h"
#include "storage/store.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace tb;
using nlohmann::json;

namespace {

// MODE 1 is wrong above N = 30000: it fails output verification at the larger size only. MODE 2
// is not valid there.
constexpr const char *kSpec = R"({
  "tunebench_spec": 1,
  "name": "missing_pairs",
  "backend": "cpu",
  "kernel": {"code": "void scale(const float *x, float *y, int n) { for (int i = 0; i < n; ++i) y[i] = 2.0f * x[i] + (MODE == 1 && n > 30000 && i == n / 2 ? 1.0f : 0.0f); }",
             "entry": "scale", "language": "c"},
  "parameters": [{"name": "MODE", "values": [0, 1, 2]}],
  "constraints": ["MODE != 2 || N < 30000"],
  "problem_sizes": [{"N": 20000}, {"N": 40000}],
  "arguments": [
    {"name": "x", "kind": "buffer", "type": "float32", "size": "N",
     "init": {"random": {"seed": 3, "min": -1, "max": 1}}},
    {"name": "y", "kind": "buffer", "type": "float32", "size": "N", "output": true},
    {"name": "n", "kind": "scalar", "type": "int32", "value": "N"}
  ],
  "verification": {"reference": {"MODE": 0}, "rtol": 1e-6, "atol": 1e-6},
  "strategy": {"name": "brute_force"},
  "measurement": {"warmup_runs": 1, "min_samples": 5, "max_samples": 100000,
                  "min_seconds_per_config": 0.2, "max_seconds_per_config": 0.3,
                  "timeout_seconds": 10,
                  "process_rounds": 2, "finalists_per_size": 2}
})";

std::optional<StoredResult> find(const std::vector<StoredResult> &results, const char *key,
                                 std::size_t sizeIndex)
{
    for (const auto &stored : results)
        if (stored.configKey == key && stored.sizeIndex == sizeIndex)
            return stored;
    return std::nullopt;
}

json readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly)
               ? json::parse(file.readAll().toStdString(), nullptr, false)
               : json();
}

} // namespace

class TestCliMeasureMissing : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_workspace;

    std::vector<StoredResult> resultsOf(std::int64_t runId)
    {
        auto store = Store::openToRead(m_workspace.toStdString());
        if (!store)
            return {};
        auto results = store->results().ofRun(runId);
        return results ? *results : std::vector<StoredResult>{};
    }

    // A new run of the spec holding run 1's results of `pairs` only: its id, 0 on failure.
    std::int64_t subsetRun(const std::vector<std::pair<const char *, std::size_t>> &pairs)
    {
        const auto full = resultsOf(1);
        auto store = Store::open(m_workspace.toStdString());
        auto first = store ? store->runs().read(1) : Expected<RunRecord>(store.error());
        if (!first)
            return 0;
        auto runId = store->runs().create(*first);
        if (!runId)
            return 0;
        for (const auto &[key, size] : pairs) {
            const auto stored = find(full, key, size);
            if (!stored || stored->result.status != ResultStatus::Ok ||
                !store->results().save(*runId, first->specId, key, stored->config, size,
                                       stored->result))
                return 0;
        }
        return store->runs().setState(*runId, RunState::Finished) ? *runId : 0;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_workspace = m_dir.filePath("ws.tbw");
        const QString specPath = m_dir.filePath("missing.json");
        QFile file(specPath);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(kSpec) > 0);
        file.close();
        const auto tuned = runCli({"-w", m_workspace, "tune", specPath});
        QVERIFY2(tuned.exitCode == 0, qPrintable(tuned.out + tuned.err));
        QCOMPARE(resultsOf(1).size(), std::size_t{5});
        // Runs 2 and 3 (for the stop below): MODE=1 at the smaller size, MODE=0 at the larger;
        // run 4: MODE=2 at the smaller.
        QCOMPARE(subsetRun({{"MODE=1", 0}, {"MODE=0", 1}}), std::int64_t{2});
        QCOMPARE(subsetRun({{"MODE=1", 0}, {"MODE=0", 1}}), std::int64_t{3});
        QCOMPARE(subsetRun({{"MODE=2", 0}, {"MODE=0", 1}}), std::int64_t{4});
    }

    void withoutTheOptionTheSetNamesThePairToMeasure()
    {
        const auto outcome = runCli(
            {"-w", m_workspace, "export", "2", "--format", "kernelset", "--max-slowdown", "100"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        const json doc = json::parse(outcome.out.toStdString(), nullptr, false);
        QCOMPARE(doc["kernel_count"].get<int>(), 2);
        QCOMPARE(doc["could_shrink_to"].get<int>(), 1);
        QCOMPARE(doc["unmeasured_pairs"].size(), std::size_t{1});
        QCOMPARE(doc["unmeasured_pairs"][0]["config_key"].get<std::string>(),
                 std::string("MODE=1"));
        QCOMPARE(doc["unmeasured_pairs"][0]["size_index"].get<int>(), 1);
    }

    void theMissingPairIsMeasuredStoredAndTheSetChosenAgain()
    {
        const QString output = m_dir.filePath("set.json");
        const auto outcome = runCli({"-w", m_workspace, "export", "2", "--format", "kernelset",
                                     "--max-slowdown", "100", "--measure-missing", "-o", output});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.out + outcome.err));
        QVERIFY2(outcome.out.isEmpty(), qPrintable(outcome.out)); // progress goes to stderr
        QVERIFY2(outcome.err.contains("kernel set: 2 configurations from measured results; "
                                      "measuring 1 unmeasured pair that could make it 1 (in a "
                                      "scratch run, then stored in run 2)"),
                 qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("kernel set: 1 missing pair asked for in 1 round (2 results "
                                      "stored, 1 failed, 0 rejected by the constraints)"),
                 qPrintable(outcome.err));
        // Stored in run 2 itself: the failed pair, and the reference measured on the way.
        const auto results = resultsOf(2);
        QCOMPARE(results.size(), std::size_t{4});
        const auto failed = find(results, "MODE=1", 1);
        QVERIFY(failed.has_value());
        QVERIFY(failed->result.status == ResultStatus::WrongResult);
        const auto reference = find(results, "MODE=0", 0);
        QVERIFY(reference && reference->result.status == ResultStatus::Ok);
        QCOMPARE(resultsOf(1).size(), std::size_t{5});
        // Its rounds came along: measured in two processes, as the run's own were.
        auto store = Store::openToRead(m_workspace.toStdString());
        QVERIFY(store.hasValue());
        auto rounds = store->rounds().ofRun(2);
        QVERIFY(rounds.hasValue());
        QVERIFY(std::count_if(rounds->begin(), rounds->end(), [&](const StoredRound &round) {
                    return round.resultId == reference->id;
                }) == 2);
        // MODE=0 now covers both sizes unless this machine ran it over twice MODE=1's time at
        // the smaller size; then the set stays and says why.
        const json doc = readJson(output);
        QVERIFY(doc.is_object());
        if (doc["kernel_count"].get<int>() == 1) {
            QCOMPARE(doc["kernels"][0]["config_key"].get<std::string>(), std::string("MODE=0"));
            QVERIFY2(outcome.err.contains("the set shrank from 2 to 1 configurations"),
                     qPrintable(outcome.err));
        } else {
            QVERIFY2(outcome.err.contains("the set stays at 2: the pairs measured ran more than "
                                          "100% slower than their size's best, failed, or were "
                                          "rejected"),
                     qPrintable(outcome.err));
        }
        QVERIFY(doc["unmeasured_pairs"].empty());
        // A later plain export reads the same run: nothing left to measure.
        const auto again = runCli(
            {"-w", m_workspace, "export", "2", "--format", "kernelset", "--max-slowdown", "100"});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        const json plain = json::parse(again.out.toStdString(), nullptr, false);
        QVERIFY(plain["kernel_count"] == doc["kernel_count"]);
        QVERIFY(plain["could_shrink_to"].is_null());
    }

    // Stopped (SIGTERM, as Ctrl-C) once the failing pair has a result: that result is kept in
    // run 3, nothing is exported, and the exit code says it was interrupted.
    void aStopKeepsWhatWasMeasured()
    {
        const QString output = m_dir.filePath("stopped.json");
        QProcess process;
        process.setReadChannel(QProcess::StandardError);
        process.start(cliPath(), {"-w", m_workspace, "export", "3", "--format", "kernelset",
                                  "--max-slowdown", "100", "--measure-missing", "-o", output});
        QString err;
        while (!err.contains("wrong_result") && process.waitForReadyRead(60000))
            err += QString::fromUtf8(process.readAllStandardError());
        QVERIFY2(err.contains("wrong_result"), qPrintable(err));
        process.terminate();
        QVERIFY(process.waitForFinished(60000));
        err += QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 130);
        QVERIFY2(err.contains("stopped: nothing exported"), qPrintable(err));
        QVERIFY(!QFile::exists(output));
        const auto results = resultsOf(3);
        const auto failed = find(results, "MODE=1", 1);
        QVERIFY2(failed && failed->result.status == ResultStatus::WrongResult, qPrintable(err));
    }

    // MODE=2 at the larger size is what would shrink run 4's set, and the constraints reject it:
    // no result, said so; the reference measured on the way still covers both sizes or not.
    void aPairTheConstraintsRejectGetsNoResult()
    {
        const auto outcome = runCli({"-w", m_workspace, "export", "4", "--format", "kernelset",
                                     "--max-slowdown", "100", "--measure-missing"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("kernel set: 1 missing pair asked for in 1 round (1 result "
                                      "stored, 0 failed, 1 rejected by the constraints)"),
                 qPrintable(outcome.err));
        const auto results = resultsOf(4);
        QCOMPARE(results.size(), std::size_t{3});
        QVERIFY(!find(results, "MODE=2", 1));
        QVERIFY(find(results, "MODE=0", 0));
    }

    void aSetThatCannotShrinkMeasuresNothing()
    {
        const auto outcome = runCli({"-w", m_workspace, "export", "1", "--format", "cpp",
                                     "--max-slowdown", "100", "--measure-missing"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("kernel set: 0 missing pairs asked for in 0 rounds"),
                 qPrintable(outcome.err));
        QVERIFY2(outcome.err.contains("no unmeasured pair could make it smaller"),
                 qPrintable(outcome.err));
        QVERIFY(outcome.out.contains("kKernelCount"));
        QCOMPARE(resultsOf(1).size(), std::size_t{5});
    }

    void theOptionBelongsToTheKernelSetFormats()
    {
        for (const QStringList &extra :
             {QStringList{"--format", "json"}, QStringList{"--format", "cpp"},
              QStringList{"--format", "csv"}}) {
            const auto outcome =
                runCli(QStringList{"-w", m_workspace, "export", "2", "--measure-missing"} + extra);
            QCOMPARE(outcome.exitCode, 2);
            QVERIFY2(outcome.err.contains("--measure-missing applies to --format kernelset, and "
                                          "to cpp with --max-slowdown"),
                     qPrintable(outcome.err));
        }
        const auto workers = runCli({"-w", m_workspace, "export", "2", "--workers", "2"});
        QCOMPARE(workers.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliMeasureMissing)
#include "tst_climeasuremissing.moc"
