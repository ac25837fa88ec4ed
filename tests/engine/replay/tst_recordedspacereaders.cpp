#include "replay/kerneltunercachereader.h"
#include "replay/recordedspacereader.h"
#include "replay/t4resultsreader.h"

#include <QTest>

#include <cmath>

using namespace tb;

Q_DECLARE_METATYPE(tb::EngineError::Code)

namespace {

std::string fixture(const char *name)
{
    return std::string(TB_SOURCE_DIR) + "/tests/data/replay/" + name;
}

bool near(std::optional<double> value, double expected)
{
    return value && std::fabs(*value - expected) <= 1e-12 * std::max(1.0, std::fabs(expected));
}

bool near(const std::vector<double> &values, const std::vector<double> &expected)
{
    if (values.size() != expected.size())
        return false;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (!near(values[i], expected[i]))
            return false;
    return true;
}

// The configurations every fixture records, in file order (values: block_size_x, tile_size,
// use_shmem), and what the Kernel Tuner fixture says of them in ms.
const std::vector<Configuration> kRecorded = {{{16, 1, 0}}, {{16, 2, 1}}, {{32, 1, 1}},
                                              {{32, 2, 0}}, {{64, 1, 0}}, {{64, 2, 1}}};

void checkParameters(const RecordedSpace &space)
{
    QCOMPARE(space.parameters.size(), std::size_t(3));
    QCOMPARE(space.parameters[0].name, std::string("block_size_x"));
    QCOMPARE(space.parameters[0].values, (std::vector<double>{16, 32, 64}));
    QCOMPARE(space.parameters[1].name, std::string("tile_size"));
    QCOMPARE(space.parameters[1].values, (std::vector<double>{1, 2}));
    QCOMPARE(space.parameters[2].name, std::string("use_shmem"));
    QCOMPARE(space.parameters[2].values, (std::vector<double>{0, 1}));
    QCOMPARE(space.configurations.size(), kRecorded.size());
    for (std::size_t i = 0; i < kRecorded.size(); ++i)
        QCOMPARE(space.configurations[i].configuration, kRecorded[i]);
}

// What both formats record alike: means, samples, failures and the compile and verification
// costs (benchmark cost differs: Kernel Tuner records it, T4 sums the runtimes).
void checkCommonEntries(const RecordedSpace &space)
{
    const auto &c = space.configurations;
    QVERIFY(near(c[0].seconds, 2.0e-3));
    QVERIFY(near(c[0].sampleSeconds, {1.9e-3, 2.0e-3, 2.1e-3}));
    QVERIFY(c[0].failure.empty());
    QVERIFY(near(c[0].compileSeconds, 0.5));
    QVERIFY(near(c[0].verificationSeconds, 0.010));

    QVERIFY(near(c[1].seconds, 1.5e-3));
    QVERIFY(near(c[1].sampleSeconds, {1.4e-3, 1.6e-3}));
    QVERIFY(near(c[1].compileSeconds, 0.6));
    QVERIFY(near(c[1].verificationSeconds, 0.0));

    QVERIFY(c[2].failed());
    QVERIFY(c[2].sampleSeconds.empty());
    QVERIFY(near(c[2].compileSeconds, 0.9));
    QVERIFY(!c[2].verificationSeconds);
    QVERIFY(!c[2].benchmarkSeconds);

    QVERIFY(c[3].failed());
    QVERIFY(near(c[3].compileSeconds, 0.7));

    QVERIFY(c[4].failed());
    QVERIFY(!c[4].compileSeconds && !c[4].verificationSeconds && !c[4].benchmarkSeconds);
    QCOMPARE(c[4].costSeconds(), 0.0);

    QVERIFY(near(c[5].seconds, 0.75e-3));
    QVERIFY(near(c[5].sampleSeconds, {0.5e-3, 1.0e-3}));
    QVERIFY(!c[5].compileSeconds && !c[5].verificationSeconds);
    QCOMPARE(space.failureCount(), std::size_t(3));
    QCOMPARE(space.objective, std::string("time"));
    QVERIFY(space.objectiveMinimised);
}

} // namespace

class TestRecordedSpaceReaders : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryFieldOfAKernelTunerCache()
    {
        auto space = readKernelTunerCache(fixture("kt_small.json"));
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->format, RecordedFormat::KernelTunerCache);
        QCOMPARE(std::string(toString(space->format)), std::string("kernel_tuner_cache"));
        QCOMPARE(space->deviceName, std::string("Test GPU"));
        QCOMPARE(space->kernelName, std::string("small_kernel"));
        QCOMPARE(space->problemSize, std::string("[1024,512]"));
        checkParameters(*space);
        checkCommonEntries(*space);

        const auto &c = space->configurations;
        QVERIFY(near(c[0].benchmarkSeconds, 0.040));
        QVERIFY(near(c[0].costSeconds(), 0.550));
        QCOMPARE(c[2].failure, std::string("CompilationFailedConfig"));
        QCOMPARE(c[3].failure, std::string("RuntimeFailedConfig"));
        QVERIFY(near(c[3].verificationSeconds, 0.0));
        QVERIFY(near(c[3].benchmarkSeconds, 0.5e-3));
        QCOMPARE(c[4].failure, std::string("InvalidConfig"));
        QVERIFY(!c[5].benchmarkSeconds);
        QCOMPARE(c[5].costSeconds(), 0.0);
    }

    void readsEveryFieldOfT4Results()
    {
        auto space = readT4Results(fixture("t4_small.json"));
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->format, RecordedFormat::T4);
        QCOMPARE(std::string(toString(space->format)), std::string("t4"));
        QVERIFY(space->deviceName.empty()); // its metadata has no environment: no device
        checkParameters(*space);
        checkCommonEntries(*space);

        const auto &c = space->configurations;
        QVERIFY(near(c[0].benchmarkSeconds, 6.0e-3)); // the sum of its runtimes
        QVERIFY(near(c[5].benchmarkSeconds, 1.5e-3));
        QCOMPARE(c[2].failure, std::string("compile"));
        QCOMPARE(c[3].failure, std::string("runtime"));
        QCOMPARE(c[4].failure, std::string("constraints"));
        QVERIFY(!c[3].benchmarkSeconds); // a failure without runtimes
    }

    void readsGzipByItsMagicBytes_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("one member") << "kt_small.json.gz";
        QTest::newRow("two members") << "kt_small_two_members.json.gz"; // cat a.gz b.gz
    }

    void readsGzipByItsMagicBytes()
    {
        QFETCH(QString, file);
        auto plain = readKernelTunerCache(fixture("kt_small.json"));
        auto compressed = readKernelTunerCache(fixture(file.toStdString().c_str()));
        QVERIFY2(compressed.hasValue(), compressed ? "" : compressed.error().toString().c_str());
        QVERIFY(plain.hasValue());
        QCOMPARE(compressed->configurations.size(), plain->configurations.size());
        for (std::size_t i = 0; i < plain->configurations.size(); ++i) {
            QCOMPARE(compressed->configurations[i].configuration,
                     plain->configurations[i].configuration);
            QCOMPARE(compressed->configurations[i].seconds, plain->configurations[i].seconds);
            QCOMPARE(compressed->configurations[i].sampleSeconds,
                     plain->configurations[i].sampleSeconds);
        }
    }

    void detectsTheFormatFromTheJson()
    {
        auto cache = readRecordedSpace(fixture("kt_small.json"));
        auto t4 = readRecordedSpace(fixture("t4_small.json"));
        auto gzip = readRecordedSpace(fixture("kt_small.json.gz"));
        QVERIFY(cache && t4 && gzip);
        QCOMPARE(cache->format, RecordedFormat::KernelTunerCache);
        QCOMPARE(t4->format, RecordedFormat::T4);
        QCOMPARE(gzip->format, RecordedFormat::KernelTunerCache);
        QCOMPARE(t4->configurations.size(), cache->configurations.size());
    }

    // bench/spaces commits Kernel Tuner caches as .json.xz: JSON inside xz is no workspace.
    void readsAnXzCompressedCacheAsACache()
    {
        auto xz = readRecordedSpace(fixture("kt_small.json.xz"));
#if TB_HAVE_LZMA
        QVERIFY2(xz.hasValue(), xz ? "" : xz.error().toString().c_str());
        QCOMPARE(xz->format, RecordedFormat::KernelTunerCache);
        QCOMPARE(xz->configurations.size(),
                 readRecordedSpace(fixture("kt_small.json"))->configurations.size());
#else
        QVERIFY(!xz.hasValue()); // a build without liblzma says so rather than misreading it
        QVERIFY(xz.error().toString().find("kt_small.json.xz") != std::string::npos);
#endif
    }

    void becomesASearchSpaceOfExactlyTheRecordedConfigurations()
    {
        auto recorded = readKernelTunerCache(fixture("kt_small.json"));
        QVERIFY(recorded.hasValue());
        auto space = recorded->searchSpace();
        QVERIFY2(space.hasValue(), space ? "" : space.error().toString().c_str());
        QCOMPARE(space->totalCount(), std::uint64_t(12));
        QCOMPARE(space->validCount(), std::uint64_t(6)); // failures included
        for (const auto &config : kRecorded)
            QVERIFY(space->contains(config));
        QVERIFY(!space->contains(Configuration{{16, 1, 1}}));
    }

    void refusesMalformedFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("reader"); // 0: readRecordedSpace, 1: cache, 2: T4
        QTest::addColumn<EngineError::Code>("code");
        QTest::addColumn<QString>("message");
        using Code = EngineError::Code;
        QTest::newRow("truncated JSON")
            << "kt_truncated.json" << 0 << Code::InvalidArgument << "invalid JSON at byte";
        QTest::newRow("truncated gzip")
            << "kt_truncated.json.gz" << 0 << Code::IoError << "the gzip data is truncated";
        QTest::newRow("string time")
            << "kt_time_string.json" << 1 << Code::InvalidArgument
            << "cache entry '16,1,0': 'time' is neither a number nor a failure string: \"fast\"";
        QTest::newRow("string sample")
            << "kt_times_string.json" << 0 << Code::InvalidArgument
            << "cache entry '16,2,1': 'times'[1] is \"1.6\", not a number";
        QTest::newRow("unknown value") << "kt_unknown_value.json" << 1 << Code::InvalidArgument
                                       << "cache entry '48,1,0': parameter 'block_size_x' has "
                                          "the value 48, which 'tune_params' does not list";
        QTest::newRow("non-numeric parameter")
            << "kt_non_numeric_parameter.json" << 0 << Code::InvalidArgument
            << "'tune_params' of 'precision': parameter 'precision' has the value \"float\", "
               "which is not a number";
        QTest::newRow("duplicate")
            << "kt_duplicate.json" << 1 << Code::InvalidArgument
            << "cache entry '16.0,2,1': records the same configuration as cache entry '16,2,1'";
        QTest::newRow("T4 non-numeric parameter")
            << "t4_non_numeric_parameter.json" << 2 << Code::InvalidArgument
            << "results[1].configuration: parameter 'use_shmem' has the value \"yes\", which "
               "is not a number";
        QTest::newRow("T4 without unit") << "t4_no_timeunit.json" << 0 << Code::InvalidArgument
                                         << "'metadata.timeunit': missing";
        QTest::newRow("T4 missing parameter")
            << "t4_missing_parameter.json" << 2 << Code::InvalidArgument
            << "results[3]: has no value for parameter 'tile_size'";
        QTest::newRow("neither format") << "neither_format.json" << 0 << Code::InvalidArgument
                                        << "is neither a Kernel Tuner cache file";
        QTest::newRow("cache read as T4") << "kt_small.json" << 2 << Code::InvalidArgument
                                          << "'results': missing or not an array";
        QTest::newRow("T4 read as cache")
            << "t4_small.json" << 1 << Code::InvalidArgument << "'tune_params_keys': missing";
        QTest::newRow("no such file") << "absent.json" << 0 << Code::IoError << "cannot read";
    }

    void refusesMalformedFiles()
    {
        QFETCH(QString, file);
        QFETCH(int, reader);
        QFETCH(EngineError::Code, code);
        QFETCH(QString, message);
        const std::string path = fixture(file.toStdString().c_str());
        auto space = reader == 0   ? readRecordedSpace(path)
                     : reader == 1 ? readKernelTunerCache(path)
                                   : readT4Results(path);
        QVERIFY(!space.hasValue());
        const QString text = QString::fromStdString(space.error().message);
        QVERIFY2(text.contains(message), qPrintable(text));
        QVERIFY2(text.contains(QString::fromStdString(path)), qPrintable(text)); // names the file
        QCOMPARE(space.error().code, code);
    }
};

QTEST_GUILESS_MAIN(TestRecordedSpaceReaders)
#include "tst_recordedspacereaders.moc"
