// `tunebench-cli import FILE [--spec SPEC]`: Kernel Tuner caches and T4 results files stored as
// finished runs marked imported, through the real CLI on real workspace files; `runs`, `show`
// and `compare` on them, the cross-device section's figures against the fixtures' own times,
// and every refusal (a spec that does not describe the file, a corrupt file, a second import)
// leaving the workspace as it was.
#include "clirunner.h"
#include "finishedrun.h"
#include "runstatetesting.h"
#include "scalespec.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "timedresult.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

#include <cmath>
#include <sys/stat.h>

using namespace tb;

namespace {

// The same parameters as tests/data/replay/kt_small.json (its problem size is [1024, 512]).
constexpr const char *kSmallSpec = R"({
  "tunebench_spec": 1, "name": "small_kernel", "backend": "cpu",
  "kernel": {"code": "void small_kernel(float *y) {}", "entry": "small_kernel", "language": "c"},
  "parameters": [{"name": "use_shmem", "values": [0, 1]}, {"name": "tile_size", "values": [1, 2]},
                 {"name": "block_size_x", "values": [16, 32, 64]}],
  "problem_sizes": [{"X": 256, "Y": 256}, {"X": 1024, "Y": 512}],
  "arguments": [{"name": "y", "kind": "buffer", "type": "float32", "size": "X", "output": true}]
})";

const std::string kScaleSpec = tbtest::scaleSpec("scale_import");

QString replayData(const char *name)
{
    return tbtest::sourceDir() + "/tests/data/replay/" + name;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
           file.write(content) == content.size();
}

const StoredResult *findResult(const std::vector<StoredResult> &results, const std::string &key,
                               std::size_t sizeIndex)
{
    for (const auto &stored : results)
        if (stored.configKey == key && stored.sizeIndex == sizeIndex)
            return &stored;
    return nullptr;
}

Result failed(ResultStatus status)
{
    Result result;
    result.status = status;
    result.message = "failed on purpose";
    return result;
}

// The time (ms) a cache entry records.
double entryTime(const QJsonObject &cache, const char *key)
{
    return cache.value(key).toObject().value("time").toDouble();
}

} // namespace

class TestCliImport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    QString file(const QString &name) const { return m_dir.filePath(name); }

    static CliOutcome cli(const QString &workspace, const QStringList &arguments)
    {
        return runCli(QStringList{"--workspace", workspace} + arguments);
    }

    static std::size_t runCount(const QString &workspace)
    {
        auto store = Store::open(workspace.toStdString());
        return store ? store->runs().all()->size() : 0;
    }

    // A native CPU run of kScaleSpec, stored as a session stores one: size 0 with an ok
    // winner, a compile error and, for T4's finer statuses, a wrong result and a timeout.
    void storeNativeRun(const QString &workspace)
    {
        auto spec = SpecLoader().parse(kScaleSpec, m_dir.path().toStdString());
        QVERIFY(spec.hasValue());
        tbtest::storeFinishedRun(workspace.toStdString(), *spec,
                                 {{{32, 0.5}, 0, tbtest::timedResult(2.125e-3)},
                                  {{32, 1}, 0, tbtest::timedResult(1.0625e-3)},
                                  {{64, 0.5}, 0, failed(ResultStatus::CompileError)},
                                  {{64, 1}, 0, tbtest::timedResult(3.3e-3)},
                                  {{32, 0.5}, 1, tbtest::timedResult(5.5e-4)},
                                  {{32, 1}, 1, failed(ResultStatus::WrongResult)},
                                  {{64, 0.5}, 1, failed(ResultStatus::Timeout)}});
    }

    // Exports run 1's size with the CLI, imports it under the spec and checks every imported
    // result against the native one: status, median, samples.
    void roundTrip(const QString &format, std::size_t sizeIndex)
    {
        const QString workspace = file("roundtrip_" + format + ".tbw");
        storeNativeRun(workspace);
        const QString specPath = file("scale_import.json");
        QVERIFY(writeFile(specPath, QByteArray::fromStdString(kScaleSpec)));
        const QString exported = file("exported_" + format + QString::number(sizeIndex) + ".json");
        auto outcome = cli(workspace, {"export", "1", "--format", format, "--size",
                                       QString::number(sizeIndex), "-o", exported});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        outcome = cli(workspace, {"import", exported, "--spec", specPath});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("as run 2 of spec 'scale_import'"), qPrintable(outcome.out));

        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        const auto native = *store->results().ofRun(1, true);
        const auto imported = *store->results().ofRun(2, true);
        std::size_t nativeAtSize = 0;
        for (const StoredResult &want : native) {
            if (want.sizeIndex != sizeIndex)
                continue;
            ++nativeAtSize;
            const StoredResult *got = findResult(imported, want.configKey, sizeIndex);
            QVERIFY2(got, want.configKey.c_str());
            QCOMPARE(toString(got->result.status), toString(want.result.status));
            if (want.result.status != ResultStatus::Ok)
                continue;
            // Through milliseconds and back: equal to the last bits of a double's precision.
            QVERIFY(std::fabs(got->result.summary.median / want.result.summary.median - 1) < 1e-12);
            QCOMPARE(got->result.samples.size(), want.result.samples.size());
        }
        QCOMPARE(imported.size(), nativeAtSize);
        const RunRecord run = *store->runs().read(2);
        QCOMPARE(QString::fromStdString(run.origin),
                 format == "t4" ? QString("t4") : QString("kernel_tuner"));
        QCOMPARE(run.state, tb::RunState::Finished);
        // Both formats carry the device: the run's backend and host for a CPU run.
        QVERIFY2(run.device.rfind("cpu", 0) == 0, run.device.c_str());
        // A tune of the spec resumes the native run, never the imported one.
        QCOMPARE((*store->runs().latest(run.specId))->id, std::int64_t{1});
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void importsAKernelTunerCacheAsAFinishedRun()
    {
        const QString workspace = file("kt.tbw");
        const auto outcome = cli(workspace, {"import", replayData("kt_small.json")});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("Imported kt_small.json as run 1 of spec 'small_kernel' "
                                      "(made from the file)"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("problem size 0 (size_x=1024,size_y=512): 6 "
                                      "configurations, 3 failed"),
                 qPrintable(outcome.out));

        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        const RunRecord run = *store->runs().read(1);
        QCOMPARE(run.origin, std::string(kOriginKernelTuner));
        QCOMPARE(run.sourceFile, std::string("kt_small.json"));
        QCOMPARE(run.device, std::string("Test GPU"));
        QCOMPARE(run.state, tb::RunState::Finished);
        const auto results = *store->results().ofRun(1, true);
        QCOMPARE(results.size(), std::size_t{6});
        const StoredResult *ok = findResult(results, "block_size_x=16,tile_size=2,use_shmem=1", 0);
        QVERIFY(ok);
        QCOMPARE(toString(ok->result.status), toString(ResultStatus::Ok));
        QCOMPARE(ok->result.summary.median, 1.5e-3); // the recorded mean
        QCOMPARE(ok->result.samples, (std::vector<double>{1.4e-3, 1.6e-3}));
        QCOMPARE(ok->result.compileSeconds, 0.6);
        QCOMPARE(ok->result.device, std::string("Test GPU"));
        const StoredResult *compile =
            findResult(results, "block_size_x=32,tile_size=1,use_shmem=1", 0);
        QVERIFY(compile);
        QCOMPARE(toString(compile->result.status), toString(ResultStatus::CompileError));
        QCOMPARE(compile->result.message, std::string("Kernel Tuner: CompilationFailedConfig"));
        const StoredResult *invalid =
            findResult(results, "block_size_x=64,tile_size=1,use_shmem=0", 0);
        QVERIFY(invalid);
        QCOMPARE(toString(invalid->result.status), toString(ResultStatus::InvalidLaunch));
    }

    // Kernel Tuner's restrictions become the made spec's constraints where they translate; each
    // other one is a note, and the import goes on.
    void translatesTheRestrictionsIntoConstraints()
    {
        const QString workspace = file("restricted.tbw");
        const auto outcome = cli(workspace, {"import", replayData("kt_restricted.json")});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("note: the restriction 'lambda p: p['tile_size'] > 0' does "
                                      "not translate: the character ':' at character 9"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("note: the restriction 'problem_size_x > 1' is no "
                                      "constraint here"),
                 qPrintable(outcome.out));
        auto store = Store::open(workspace.toStdString());
        QVERIFY(store.hasValue());
        auto spec = store->specs().read(store->runs().read(1)->specId);
        QVERIFY(spec.hasValue());
        const QString document = QString::fromStdString(spec->document);
        const QString first = QStringLiteral(R"x("((block_size_x * tile_size) <= 128)")x");
        const QString second = QStringLiteral(
            R"x("(((use_shmem == 0) || (use_shmem == 1)) && ((tile_size > 2) == 0))")x");
        QVERIFY2(document.contains(first) && document.contains(second) &&
                     !document.contains(QStringLiteral("problem_size_x")),
                 qPrintable(document));
    }

    void runsAndShowMarkTheImportedRun()
    {
        const QString workspace = file("kt.tbw"); // from the test before
        auto outcome = cli(workspace, {"runs"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("imported from Kernel Tuner cache kt_small.json") &&
                     outcome.out.contains("Test GPU"),
                 qPrintable(outcome.out));
        outcome = cli(workspace, {"show", "1"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("Origin: imported from Kernel Tuner cache kt_small.json, on "
                                      "Test GPU (medians are the recorded means)"),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("block_size_x=64,tile_size=2,use_shmem=1"),
                 qPrintable(outcome.out)); // the winner, 0.75 ms
    }

    // Another tool's times on another machine: no pair is measured here to rank beside them,
    // while the imported run's kernel set is still exported from what it recorded.
    void anImportedRunsMissingPairsAreNotMeasured()
    {
        const QString workspace = file("kt.tbw"); // from the tests before
        auto outcome =
            cli(workspace, {"export", "1", "--format", "kernelset", "--measure-missing"});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("run 1 is imported (kt_small.json)"),
                 qPrintable(outcome.err));
        QCOMPARE(outcome.out, QString());
        outcome = cli(workspace, {"export", "1", "--format", "kernelset"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("block_size_x=64,tile_size=2,use_shmem=1"),
                 qPrintable(outcome.out));
        QCOMPARE(runCount(workspace), std::size_t{1});
    }

    void theSameFileTwiceIsRefused()
    {
        const QString workspace = file("kt.tbw");
        // The gzip copy has the same content: the same recording under another name.
        const auto outcome = cli(workspace, {"import", replayData("kt_small.json.gz")});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("'kt_small.json.gz' is already imported as run 1"),
                 qPrintable(outcome.err));
        QCOMPARE(runCount(workspace), std::size_t{1});
    }

    void aCorruptFileIsRefusedAndNothingIsStored()
    {
        const QString workspace = file("corrupt.tbw");
        auto outcome = cli(workspace, {"import", replayData("kt_truncated.json")});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("kt_truncated.json"), qPrintable(outcome.err));
        // A bad entry is named.
        outcome = cli(workspace, {"import", replayData("kt_unknown_value.json")});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("kt_unknown_value.json") &&
                     outcome.err.contains("cache entry"),
                 qPrintable(outcome.err));
        QCOMPARE(runCount(workspace), std::size_t{0});
    }

    // /dev/zero was read until std::bad_alloc (3.8 GB in 6 s) and a FIFO blocked for good, as
    // the file to import and as its --spec (issue 34, item 4): refused at once, named.
    void aDeviceOrAFifoIsRefusedUnread()
    {
        const QString workspace = file("devices.tbw");
        const QString fifo = file("recording.json");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        for (const QString &path : {fifo, QString("/dev/zero")}) {
            auto outcome = cli(workspace, {"import", path});
            QCOMPARE(outcome.exitCode, 3);
            QVERIFY2(outcome.err.contains("cannot read file '" + path + "'") &&
                         outcome.err.contains("not a regular file"),
                     qPrintable(outcome.err));
            outcome = cli(workspace, {"import", replayData("kt_small.json"), "--spec", path});
            QCOMPARE(outcome.exitCode, 3);
            QVERIFY2(outcome.err.contains("cannot read spec file '" + path + "'"),
                     qPrintable(outcome.err));
        }
        QCOMPARE(runCount(workspace), std::size_t{0});
    }

    void aSpecThatDoesNotDescribeTheFileIsRefused()
    {
        const QString workspace = file("mismatch.tbw");
        const QString other = file("scale_other.json");
        QVERIFY(writeFile(other, QByteArray::fromStdString(kScaleSpec)));
        auto outcome = cli(workspace, {"import", replayData("kt_small.json"), "--spec", other});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("has ALPHA, BLOCK; the file has block_size_x, tile_size, "
                                      "use_shmem"),
                 qPrintable(outcome.err));
        // The right parameters, in another order, but not the file's problem size.
        QJsonObject spec = QJsonDocument::fromJson(kSmallSpec).object();
        spec["problem_sizes"] = QJsonDocument::fromJson(R"([{"X": 256, "Y": 256}])").array();
        const QString wrongSize = file("small_wrong_size.json");
        QVERIFY(writeFile(wrongSize, QJsonDocument(spec).toJson()));
        outcome = cli(workspace, {"import", replayData("kt_small.json"), "--spec", wrongSize});
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("its problem size 1024,512 is none of the spec's"),
                 qPrintable(outcome.err));
        QCOMPARE(runCount(workspace), std::size_t{0});
    }

    // The spec's parameters in another order and the file's size its second: the values go
    // where the spec's parameters are.
    void importsUnderAMatchingSpec()
    {
        const QString workspace = file("matching.tbw");
        const QString specPath = file("small.json");
        QVERIFY(writeFile(specPath, kSmallSpec));
        const auto outcome =
            cli(workspace, {"import", replayData("t4_small.json"), "--spec", specPath});
        // T4 files from the Benchmark Hub name no size: the spec has two, so it is refused...
        QCOMPARE(outcome.exitCode, 3);
        QVERIFY2(outcome.err.contains("names no problem size"), qPrintable(outcome.err));
        const auto kt = cli(workspace, {"import", replayData("kt_small.json"), "--spec", specPath});
        QVERIFY2(kt.exitCode == 0, qPrintable(kt.err));
        QVERIFY2(kt.out.contains("problem size 1 (X=1024,Y=512)"), qPrintable(kt.out));
        auto store = Store::open(workspace.toStdString());
        const auto results = *store->results().ofRun(1);
        const StoredResult *ok = findResult(results, "use_shmem=1,tile_size=2,block_size_x=16", 1);
        QVERIFY(ok);
        QCOMPARE(ok->result.summary.median, 1.5e-3);
    }

    void aT4FileWithoutADeviceTakesTheOneNamed()
    {
        const QString workspace = file("t4.tbw");
        const auto outcome =
            cli(workspace, {"import", replayData("t4_small.json"), "--device", "Test GPU"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("imported from T4 results t4_small.json, Test GPU"),
                 qPrintable(outcome.out));
    }

    void kernelTunerRoundTrip() { roundTrip("kerneltuner", 0); }
    void t4RoundTrip() { roundTrip("t4", 1); }

    // Issue 34, item 10: a change is (B - A) / A, as Compare's table states it: 755 -> 661 us
    // reads -12.45% (the slower over the faster, -14.22%, was a speedup shown as a change).
    void compareStatesChangesRelativeToRunA()
    {
        const QString workspace = file("changes.tbw");
        QJsonObject a = readJson(replayData("kt_small.json"));
        const auto withTime = [](QJsonObject run, double ms) {
            QJsonObject cache = run.value("cache").toObject();
            QJsonObject entry = cache.value("16,1,0").toObject();
            entry["time"] = ms;
            entry.remove("times");
            cache["16,1,0"] = entry;
            run["cache"] = cache;
            return run;
        };
        const QString pathA = file("kt_small_755.json");
        const QString pathB = file("kt_small_661.json");
        QVERIFY(writeFile(pathA, QJsonDocument(withTime(a, 0.755)).toJson()));
        QVERIFY(writeFile(pathB, QJsonDocument(withTime(a, 0.661)).toJson()));
        QCOMPARE(cli(workspace, {"import", pathA}).exitCode, 0);
        QCOMPARE(cli(workspace, {"import", pathB}).exitCode, 0);
        const auto outcome = cli(workspace, {"compare", "1", "2", "--top", "100"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("change = (run 2's median - run 1's) / run 1's"),
                 qPrintable(outcome.out));
        const QStringList lines = outcome.out.split('\n');
        const auto row = std::find_if(lines.begin(), lines.end(), [](const QString &line) {
            // The table's row, not the lines that name the bests.
            return line.contains("block_size_x=16,tile_size=1,use_shmem=0") &&
                   !line.contains("best") && !line.contains("leads");
        });
        QVERIFY2(row != lines.end(), qPrintable(outcome.out));
        QVERIFY2(row->contains("-12.45%") && !row->contains("-14.22%"), qPrintable(*row));
    }

    // Two recordings of kt_small's space on two devices: each size's winner on each, and what
    // it costs on the other, from the files' own times.
    void compareAcrossDevices()
    {
        const QString workspace = file("devices.tbw");
        const QJsonObject a = readJson(replayData("kt_small.json"));
        QJsonObject b = a;
        b["device_name"] = "Other GPU";
        QJsonObject cache = b.value("cache").toObject();
        const auto setTime = [&](const char *key, double ms) {
            QJsonObject entry = cache.value(key).toObject();
            entry["time"] = ms;
            entry.remove("times");
            cache[key] = entry;
        };
        setTime("16,1,0", 1.0);
        setTime("16,2,1", 3.0);
        setTime("64,2,1", 1.25);
        b["cache"] = cache;
        const QString otherPath = file("kt_small_other_gpu.json");
        QVERIFY(writeFile(otherPath, QJsonDocument(b).toJson()));

        QCOMPARE(cli(workspace, {"import", replayData("kt_small.json")}).exitCode, 0);
        QCOMPARE(cli(workspace, {"import", otherPath}).exitCode, 0);
        {
            auto store = Store::open(workspace.toStdString());
            // One space recorded on two GPUs: one spec.
            QCOMPARE(store->runs().read(1)->specId, store->runs().read(2)->specId);
        }
        const auto outcome = cli(workspace, {"compare", "1", "2"});
        QVERIFY2(outcome.exitCode == 0, qPrintable(outcome.err));
        QVERIFY2(outcome.out.contains("Across devices: run 1 on Test GPU, run 2 on Other GPU"),
                 qPrintable(outcome.out));
        // A's winner is 64,2,1 (the fastest time in kt_small.json); B's is 16,1,0.
        const QJsonObject cacheA = a.value("cache").toObject();
        const double aWinnerOnB = entryTime(cache, "64,2,1") / entryTime(cache, "16,1,0");
        const double bWinnerOnA = entryTime(cacheA, "16,1,0") / entryTime(cacheA, "64,2,1");
        const QString costOnB =
            QString::asprintf("%.3fx its best (+%.2f%%)", aWinnerOnB, (aWinnerOnB - 1) * 100);
        const QString costOnA =
            QString::asprintf("%.3fx its best (+%.2f%%)", bWinnerOnA, (bWinnerOnA - 1) * 100);
        QCOMPARE(costOnB, QString("1.250x its best (+25.00%)"));
        QVERIFY2(outcome.out.contains(costOnB) && outcome.out.contains(costOnA),
                 qPrintable(outcome.out));
        QVERIFY2(outcome.out.contains("block_size_x=64,tile_size=2,use_shmem=1") &&
                     outcome.out.contains("block_size_x=16,tile_size=1,use_shmem=0"),
                 qPrintable(outcome.out));

        // A third recording without A's winner: not measured there.
        cache.remove("64,2,1");
        b["cache"] = cache;
        b["device_name"] = "Third GPU";
        const QString thirdPath = file("kt_small_third_gpu.json");
        QVERIFY(writeFile(thirdPath, QJsonDocument(b).toJson()));
        QCOMPARE(cli(workspace, {"import", thirdPath}).exitCode, 0);
        const auto third = cli(workspace, {"compare", "1", "3"});
        QVERIFY2(third.exitCode == 0, qPrintable(third.err));
        QVERIFY2(third.out.contains("not measured"), qPrintable(third.out));
    }
};

QTEST_GUILESS_MAIN(TestCliImport)
#include "tst_cliimport.moc"
