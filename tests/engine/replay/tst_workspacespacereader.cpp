// readWorkspaceSpace: a real CPU run (faulty.c with MODEs 0-4 on two problem sizes: two correct,
// a wrong answer, a compile error, a crash) recorded by a Session in a real workspace, read back
// as a recorded space, plain and compressed, and replayed to the session's own best.
#include "analysis/bestpersize.h"
#include "export/runreader.h"
#include "replay/recordedspacereader.h"
#include "replay/replaysearch.h"
#include "replay/workspacespacereader.h"
#include "run/session.h"
#include "spec/specloader.h"
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <zlib.h>
#if TB_HAVE_LZMA
#include <lzma.h>
#endif

#include <numeric>

using namespace tb;

namespace {

// faulty.json with MODEs 0-4 (5 hangs until its timeout: slow, and nothing new here) and two
// problem sizes, written into `dir`.
Spec writeSpec(const QTemporaryDir &dir)
{
    const QString folder = tbtest::sourceDir() + "/tests/app/data/";
    QFile in(folder + "faulty.json");
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read faulty.json");
    QJsonObject document = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject kernel = document.value("kernel").toObject();
    kernel.insert("source", folder + "faulty.c");
    document.insert("kernel", kernel);
    document.insert(
        "parameters",
        QJsonDocument::fromJson(R"([{"name": "MODE", "values": [0, 1, 2, 3, 4]}])").array());
    document.insert("problem_sizes",
                    QJsonDocument::fromJson(R"([{"N": 4096}, {"N": 1024}])").array());
    QFile out(dir.filePath("spec.json"));
    if (!out.open(QIODevice::WriteOnly))
        qFatal("cannot write the spec");
    out.write(QJsonDocument(document).toJson());
    out.close();
    auto spec = SpecLoader().loadFile(out.fileName().toStdString());
    if (!spec)
        qFatal("cannot load the spec: %s", spec.error().toString().c_str());
    spec->measurement.processRounds = spec->measurement.maxProcessRounds = 1;
    return spec.value();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

void writeGzip(const QString &path, const QByteArray &bytes)
{
    gzFile file = gzopen(path.toLocal8Bit().constData(), "wb");
    if (!file || gzwrite(file, bytes.constData(), static_cast<unsigned>(bytes.size())) <= 0 ||
        gzclose(file) != Z_OK)
        qFatal("cannot write %s", qPrintable(path));
}

std::string message(const EngineError &error)
{
    return error.message + " | " + error.detail;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

// Every field two reads of the same run must agree on.
void compareSpaces(const RecordedSpace &a, const RecordedSpace &b)
{
    QCOMPARE(a.format, b.format);
    QCOMPARE(a.deviceName, b.deviceName);
    QCOMPARE(a.problemSize, b.problemSize);
    QCOMPARE(a.parameters.size(), b.parameters.size());
    QCOMPARE(a.configurations.size(), b.configurations.size());
    for (std::size_t i = 0; i < a.configurations.size(); ++i) {
        QCOMPARE(a.configurations[i].configuration, b.configurations[i].configuration);
        QCOMPARE(a.configurations[i].seconds, b.configurations[i].seconds);
        QCOMPARE(a.configurations[i].sampleSeconds, b.configurations[i].sampleSeconds);
        QCOMPARE(a.configurations[i].failure, b.configurations[i].failure);
    }
}

} // namespace

class TestWorkspaceSpaceReader : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_workspace;
    std::int64_t m_runId = 0;
    Spec m_spec;
    std::vector<StoredResult> m_stored; // the run's results with samples, as the store has them

    std::string path(const char *name) const { return m_dir.filePath(name).toStdString(); }

    std::vector<StoredResult> storedOfSize(std::size_t sizeIndex) const
    {
        std::vector<StoredResult> out;
        for (const auto &stored : m_stored)
            if (stored.sizeIndex == sizeIndex)
                out.push_back(stored);
        return out;
    }

    // Reads `file` expecting a failure; checks its code, that it says `what` and names `named`.
    void expectError(const Expected<RecordedSpace> &space, EngineError::Code code,
                     const std::string &what, const std::string &named)
    {
        QVERIFY(!space.hasValue());
        const std::string text = message(space.error());
        QVERIFY2(contains(text, what), text.c_str());
        QVERIFY2(contains(text, named), text.c_str());
        QVERIFY2(!contains(text, "tunebench-replay-"), text.c_str()); // never the temporary copy
        QCOMPARE(space.error().code, code);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_spec = writeSpec(m_dir);
        m_workspace = path("ws.tbw");
        SessionOptions options;
        options.workspacePath = m_workspace;
        options.workerCommand = {tbtest::workerPath().toStdString()};
        options.workers = 2;
        options.toolVersion = "test";
        SessionListener listener;
        {
            auto summary = Session(m_spec, options, listener).run();
            QVERIFY2(summary, summary ? "" : summary.error().toString().c_str());
            QCOMPARE(summary->ok + summary->failed, std::uint64_t(10));
            m_runId = summary->runId;
        } // the session's store is closed: the workspace is one complete file

        auto store = openExistingWorkspace(m_workspace);
        QVERIFY(store);
        auto results = store->results().ofRun(m_runId, true);
        QVERIFY(results);
        m_stored = std::move(*results);
        QCOMPARE(m_stored.size(), std::size_t(10));
    }

    void readsEveryResultOfTheRun()
    {
        auto space = readWorkspaceSpace(m_workspace);
        QVERIFY2(space, space ? "" : message(space.error()).c_str());
        QCOMPARE(space->format, RecordedFormat::TunebenchWorkspace);
        QCOMPARE(std::string(toString(space->format)), std::string("tunebench_workspace"));
        QCOMPARE(space->problemSize, std::string("N=4096"));
        QCOMPARE(space->kernelName, std::string("faulty_scale"));
        QVERIFY2(space->deviceName.starts_with("cpu"), space->deviceName.c_str());
        QCOMPARE(space->objective, std::string("time"));
        QCOMPARE(space->parameters.size(), std::size_t(1));
        QCOMPARE(space->parameters[0].name, std::string("MODE"));
        QCOMPARE(space->parameters[0].values, (std::vector<double>{0, 1, 2, 3, 4}));

        const auto stored = storedOfSize(0);
        QCOMPARE(space->configurations.size(), stored.size());
        QCOMPARE(space->configurations.size(), std::size_t(5));
        QCOMPARE(space->failureCount(), std::size_t(3));
        bool compileTimed = false;
        for (std::size_t i = 0; i < stored.size(); ++i) {
            const RecordedConfiguration &recorded = space->configurations[i];
            const Result &result = stored[i].result;
            QCOMPARE(recorded.configuration, stored[i].config);
            QCOMPARE(recorded.sampleSeconds, result.samples);
            compileTimed = compileTimed || recorded.compileSeconds.has_value();
            const int mode = static_cast<int>(recorded.configuration.values[0]);
            if (mode == 0 || mode == 3) {
                QVERIFY(!recorded.failed());
                QCOMPARE(*recorded.seconds, result.summary.median);
                QVERIFY(recorded.sampleSeconds.size() >= 3); // min_samples
                QCOMPARE(*recorded.benchmarkSeconds,
                         std::accumulate(result.samples.begin(), result.samples.end(), 0.0));
                QVERIFY(recorded.costSeconds() > 0);
                continue;
            }
            QVERIFY(recorded.failed());
            const char *status = mode == 1   ? "wrong_result: "
                                 : mode == 2 ? "compile_error: "
                                             : "worker_crashed";
            QVERIFY2(recorded.failure.starts_with(status), recorded.failure.c_str());
            QVERIFY2(!contains(recorded.failure, "\n"), recorded.failure.c_str()); // first line
        }
        QVERIFY(compileTimed); // a fresh build cache: something was compiled
    }

    void readsASecondProblemSize()
    {
        auto space = readWorkspaceSpace(m_workspace, m_runId, 1);
        QVERIFY2(space, space ? "" : message(space.error()).c_str());
        QCOMPARE(space->problemSize, std::string("N=1024"));
        const auto stored = storedOfSize(1);
        QCOMPARE(space->configurations.size(), std::size_t(5));
        for (std::size_t i = 0; i < stored.size(); ++i) {
            QCOMPARE(space->configurations[i].configuration, stored[i].config);
            if (stored[i].result.status == ResultStatus::Ok)
                QCOMPARE(*space->configurations[i].seconds, stored[i].result.summary.median);
            else
                QVERIFY(space->configurations[i].failed());
        }
    }

    void readRecordedSpaceTellsAWorkspaceByItsHeader()
    {
        auto explicitRun = readWorkspaceSpace(m_workspace, m_runId, 0);
        auto detected = readRecordedSpace(m_workspace);
        QVERIFY(explicitRun && detected);
        compareSpaces(*detected, *explicitRun);
        if (QTest::currentTestFailed())
            return;
        // The name says nothing: a workspace called .json is still one.
        const QString renamed = m_dir.filePath("looks_like.json");
        QVERIFY(QFile::copy(QString::fromStdString(m_workspace), renamed));
        auto misnamed = readRecordedSpace(renamed.toStdString());
        QVERIFY2(misnamed, misnamed ? "" : message(misnamed.error()).c_str());
        compareSpaces(*misnamed, *explicitRun);
    }

    void compressedWorkspacesReadTheSame()
    {
        const QByteArray bytes = readAll(QString::fromStdString(m_workspace));
        // A temporary directory of our own, to see that the inflated copy is removed.
        const QString temporary = m_dir.filePath("tmp");
        QVERIFY(QDir().mkpath(temporary));
        const QByteArray oldTmp = qgetenv("TMPDIR");
        qputenv("TMPDIR", temporary.toLocal8Bit());

        std::vector<std::string> files;
        writeGzip(m_dir.filePath("ws.tbw.gz"), bytes);
        files.push_back(path("ws.tbw.gz"));
#if TB_HAVE_LZMA
        std::vector<std::uint8_t> xz(lzma_stream_buffer_bound(bytes.size()));
        std::size_t written = 0;
        QCOMPARE(lzma_easy_buffer_encode(1, LZMA_CHECK_CRC64, nullptr,
                                         reinterpret_cast<const std::uint8_t *>(bytes.constData()),
                                         bytes.size(), xz.data(), &written, xz.size()),
                 LZMA_OK);
        writeAll(m_dir.filePath("ws.tbw.xz"),
                 QByteArray(reinterpret_cast<const char *>(xz.data()), qsizetype(written)));
        files.push_back(path("ws.tbw.xz"));
#endif
        auto plain = readWorkspaceSpace(m_workspace, std::nullopt, 1);
        QVERIFY(plain);
        for (const std::string &file : files) {
            auto compressed = readWorkspaceSpace(file, std::nullopt, 1);
            QVERIFY2(compressed, compressed ? "" : message(compressed.error()).c_str());
            compareSpaces(*compressed, *plain);
            auto detected = readRecordedSpace(file);
            QVERIFY2(detected, detected ? "" : message(detected.error()).c_str());
            QCOMPARE(detected->format, RecordedFormat::TunebenchWorkspace);
            QCOMPARE(detected->problemSize, std::string("N=4096"));
        }
        const QStringList left = QDir(temporary).entryList(QDir::NoDotAndDotDot | QDir::AllEntries);
        if (oldTmp.isNull())
            qunsetenv("TMPDIR");
        else
            qputenv("TMPDIR", oldTmp);
        QVERIFY2(left.isEmpty(), qPrintable(left.join(", ")));
    }

    void bruteForceReplayFindsTheSessionsBest()
    {
        auto loaded = [&]() {
            auto store = openExistingWorkspace(m_workspace);
            return readRunAndSpec(*store, m_runId);
        }();
        QVERIFY(loaded);
        const auto best = bestPerSize(loaded->spec, m_stored);
        for (std::size_t size = 0; size < 2; ++size) {
            QVERIFY(best[size].has_value());
            auto recorded = readWorkspaceSpace(m_workspace, m_runId, size);
            QVERIFY(recorded);
            auto space = recorded->searchSpace();
            QVERIFY2(space, space ? "" : message(space.error()).c_str());
            auto evaluator = ReplayEvaluator::create(*recorded, ReplayMode::Mean);
            QVERIFY(evaluator);
            auto outcome = replaySearch(*evaluator, *space, ReplaySettings{});
            QVERIFY(outcome);
            QCOMPARE(outcome->steps.size(), std::size_t(5));
            QVERIFY(outcome->best);
            const ReplayStep &step = outcome->steps[*outcome->best];
            // The session's best, or on an exact tie of medians the one the replay met first
            // (each keeps the earlier of equals, and the session saved in finishing order).
            QCOMPARE(*step.observedSeconds, best[size]->result.summary.median);
            if (step.config != best[size]->config)
                qInfo("size %zu: an exact tie of medians", size);
            QCOMPARE(*step.observedSeconds, *recordedOptimum(*recorded));
        }
    }

    void refusesWhatCannotBeReplayed()
    {
        using Code = EngineError::Code;
        expectError(readWorkspaceSpace(m_workspace, 99), Code::InvalidArgument,
                    "has no run 99 (its runs: " + std::to_string(m_runId) + ")", m_workspace);
        expectError(readWorkspaceSpace(m_workspace, std::nullopt, 2), Code::InvalidArgument,
                    "problem size 2 is out of range: run " + std::to_string(m_runId) +
                        "'s spec has 2 problem sizes (0: N=4096, 1: N=1024)",
                    m_workspace);

        const std::string text = path("notes.txt");
        writeAll(QString::fromStdString(text), "not a database\n");
        expectError(readWorkspaceSpace(text), Code::InvalidArgument,
                    "is not a Tunebench workspace (it does not start with the SQLite header", text);
        const std::string gzipText = path("notes.txt.gz");
        writeGzip(QString::fromStdString(gzipText), "{\"cache\": {}}");
        expectError(readWorkspaceSpace(gzipText), Code::InvalidArgument,
                    "its gzip data does not hold an SQLite database", gzipText);
        const std::string absent = path("absent.tbw");
        expectError(readWorkspaceSpace(absent), Code::IoError, "cannot read", absent);

        // A compressed workspace whose pages are cut short: SQLite's complaint names the file
        // the user gave, not the temporary copy.
        const QByteArray bytes = readAll(QString::fromStdString(m_workspace));
        const std::string cut = path("cut.tbw.gz");
        writeGzip(QString::fromStdString(cut), bytes.left(1024));
        auto space = readWorkspaceSpace(cut);
        QVERIFY(!space);
        const std::string why = message(space.error());
        QVERIFY2(contains(why, cut) && !contains(why, "tunebench-replay-"), why.c_str());
    }

    // A compile-only run (what `tune --compile-only` stores: ok results without samples) and a
    // run without results, added to a copy of the workspace.
    void refusesACompileOnlyRunAndAnEmptyOne()
    {
        const std::string copy = path("more_runs.tbw");
        QVERIFY(QFile::copy(QString::fromStdString(m_workspace), QString::fromStdString(copy)));
        std::int64_t compileOnlyRun = 0;
        std::int64_t emptyRun = 0;
        {
            auto store = Store::open(copy);
            QVERIFY(store);
            auto run = store->runs().read(m_runId);
            QVERIFY(run);
            RunRecord record;
            record.specId = run->specId;
            record.device = "cuda";
            auto created = store->runs().create(record);
            QVERIFY(created);
            compileOnlyRun = *created;
            Result compiled;
            compiled.compileSeconds = 0.25;
            compiled.resources["registers"] = 32;
            const Configuration config{{3}};
            QVERIFY(store->results().save(compileOnlyRun, run->specId,
                                          config.key(m_spec.parameters), config, 0, compiled));
            created = store->runs().create(record);
            QVERIFY(created);
            emptyRun = *created;
        }
        using Code = EngineError::Code;
        // The newest run with results is the compile-only one.
        expectError(
            readWorkspaceSpace(copy), Code::InvalidArgument,
            "run " + std::to_string(compileOnlyRun) + " was compile-only: nothing was timed", copy);
        expectError(readWorkspaceSpace(copy, emptyRun), Code::InvalidArgument,
                    "run " + std::to_string(emptyRun) + " has no results for problem size 0", copy);
        auto timed = readWorkspaceSpace(copy, m_runId);
        QVERIFY2(timed, timed ? "" : message(timed.error()).c_str());
        QCOMPARE(timed->configurations.size(), std::size_t(5));
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceSpaceReader)
#include "tst_workspacespacereader.moc"
