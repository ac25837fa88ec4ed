#include "replay/kerneltunercachereader.h"
#include "replay/recordedspacereader.h"
#include "replay/replayevaluator.h"
#include "replay/t4resultsreader.h"

#include <QTest>

#include <cmath>
#include <map>
#include <unordered_map>

using namespace tb;

// Real spaces brute-forced by others (TUNEBENCH_SPACES_DIR/benchmark_hub, see its README):
// the readers must take them whole, with the counts the files hold.
namespace {

std::string hubFile(const char *name)
{
    return std::string(TB_SPACES_DIR) + "/benchmark_hub/" + name;
}

RecordedSpace read(Expected<RecordedSpace> space)
{
    if (!space)
        qFatal("%s", space.error().toString().c_str());
    return std::move(*space);
}

std::map<std::string, int> failuresByText(const RecordedSpace &space)
{
    std::map<std::string, int> counts;
    for (const auto &recorded : space.configurations)
        if (recorded.failed())
            ++counts[recorded.failure];
    return counts;
}

} // namespace

class TestRecordedSpaceFiles : public QObject
{
    Q_OBJECT

private slots:
    void readsTheA100ConvolutionCache()
    {
        const auto space = read(readKernelTunerCache(hubFile("convolution_milo_A100.json.gz")));
        QCOMPARE(space.deviceName, std::string("NVIDIA A100-PCIE-40GB"));
        QCOMPARE(space.kernelName, std::string("convolution_kernel"));
        QCOMPARE(space.problemSize, std::string("[4096,4096]"));
        QCOMPARE(space.parameters.size(), std::size_t(10));
        QCOMPARE(space.parameters[0].name, std::string("block_size_x"));
        QCOMPARE(space.configurations.size(), std::size_t(4362));
        QCOMPARE(space.failureCount(), std::size_t(161));
        const std::map<std::string, int> failures = {{"CompilationFailedConfig", 6},
                                                     {"RuntimeFailedConfig", 155}};
        QCOMPARE(failuresByText(space), failures);

        // The file's first entry, "16,1,1,1,0,0,0,1,15,15": 3.875 ms over 32 samples.
        const auto &first = space.configurations.front();
        QCOMPARE(first.configuration, (Configuration{{16, 1, 1, 1, 0, 0, 0, 1, 15, 15}}));
        QVERIFY(std::fabs(*first.seconds - 3.8753279224038124e-3) < 1e-15);
        QCOMPARE(first.sampleSeconds.size(), std::size_t(32));
        QVERIFY(first.compileSeconds && first.verificationSeconds && first.benchmarkSeconds);

        auto searchSpace = space.searchSpace();
        QVERIFY2(searchSpace.hasValue(), searchSpace ? "" : searchSpace.error().toString().c_str());
        QCOMPARE(searchSpace->validCount(), std::uint64_t(4362));
        QCOMPARE(searchSpace->totalCount(), std::uint64_t(16 * 5 * 4 * 4 * 2 * 2 * 2));
    }

    void readsTheA100DedispersionCache()
    {
        const auto space = read(readRecordedSpace(hubFile("dedispersion_milo_A100.json.gz")));
        QCOMPARE(space.format, RecordedFormat::KernelTunerCache);
        QCOMPARE(space.configurations.size(), std::size_t(11130));
        QCOMPARE(space.failureCount(), std::size_t(0));
        auto evaluator = ReplayEvaluator::create(space, ReplayMode::Mean);
        QVERIFY(evaluator.hasValue());
        for (const auto &recorded : space.configurations)
            QCOMPARE(evaluator->evaluate(recorded.configuration).objectiveSeconds,
                     recorded.seconds);
    }

    void theT4FileRecordsWhatTheCacheRecords()
    {
        const auto cache = read(readKernelTunerCache(hubFile("convolution_milo_A100.json.gz")));
        const auto t4 = read(readT4Results(hubFile("convolution_milo_A100_T4.json.gz")));
        QCOMPARE(t4.format, RecordedFormat::T4);
        QCOMPARE(t4.configurations.size(), cache.configurations.size());
        QCOMPARE(t4.parameters.size(), cache.parameters.size());
        for (std::size_t k = 0; k < cache.parameters.size(); ++k) {
            QCOMPARE(t4.parameters[k].name, cache.parameters[k].name);
            QCOMPARE(t4.parameters[k].values, cache.parameters[k].values);
        }
        QCOMPARE(t4.failureCount(), cache.failureCount());

        auto cacheEvaluator = ReplayEvaluator::create(cache, ReplayMode::Mean);
        QVERIFY(cacheEvaluator.hasValue());
        for (const auto &recorded : t4.configurations) {
            const auto *same = cacheEvaluator->find(recorded.configuration);
            QVERIFY(same != nullptr);
            QCOMPARE(recorded.failed(), same->failed());
            if (!recorded.failed())
                QVERIFY(std::fabs(*recorded.seconds - *same->seconds) <= 1e-9 * *same->seconds);
            QCOMPARE(recorded.sampleSeconds.size(), same->sampleSeconds.size());
        }
    }

    void detectsEveryFilesFormat_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("t4");
        QTest::newRow("A4000") << "convolution_milo_A4000.json.gz" << 4362 << false;
        QTest::newRow("MI250X") << "convolution_milo_MI250X.json.gz" << 4362 << false;
        QTest::newRow("A100 T4") << "convolution_milo_A100_T4.json.gz" << 4362 << true;
        QTest::newRow("W6600") << "dedispersion_milo_W6600.json.gz" << 11130 << false;
    }

    void detectsEveryFilesFormat()
    {
        QFETCH(QString, file);
        QFETCH(int, count);
        QFETCH(bool, t4);
        const auto space = read(readRecordedSpace(hubFile(file.toStdString().c_str())));
        QCOMPARE(space.format, t4 ? RecordedFormat::T4 : RecordedFormat::KernelTunerCache);
        QCOMPARE(space.configurations.size(), std::size_t(count));
        QVERIFY(space.searchSpace().hasValue());
    }
};

QTEST_GUILESS_MAIN(TestRecordedSpaceFiles)
#include "tst_recordedspacefiles.moc"
