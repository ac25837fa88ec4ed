#pragma once

#include "replay/recordedspace.h"
#include "storage/storerecords.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

// Checks an export of size 0 of tbtest::storeMixedStatusRun() as a reader read it back: the
// measured configurations (the constraint-skipped one left out), each time (median and samples)
// and stage time as the run holds it, and each failure under the name the format gives it.
namespace tbtest {

inline bool closeTo(double a, double b)
{
    return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

// The stored result of `config` on `size`; qFatal when the run has none (the export made it up).
inline const tb::StoredResult &storedOf(const std::vector<tb::StoredResult> &results,
                                        const tb::Configuration &config, std::size_t size)
{
    const auto found = std::find_if(results.begin(), results.end(), [&](const auto &s) {
        return s.sizeIndex == size && s.config == config;
    });
    if (found == results.end())
        qFatal("the export has a configuration the run does not");
    return *found;
}

// `benchmarkSeconds`: whether the format records the measuring stage's time (0.05 s here).
inline void verifyRecordedSizeZero(const tb::RecordedSpace &space,
                                   const std::vector<tb::StoredResult> &results,
                                   const std::map<tb::ResultStatus, std::string> &failureNames,
                                   bool benchmarkSeconds)
{
    using tb::ResultStatus;
    QCOMPARE(space.configurations.size(), std::size_t{7});
    QCOMPARE(space.failureCount(), std::size_t{5});
    for (const tb::RecordedConfiguration &read : space.configurations) {
        const tb::Result &stored = storedOf(results, read.configuration, 0).result;
        QVERIFY(stored.status != ResultStatus::SkippedByConstraint);
        QVERIFY(read.compileSeconds.has_value());
        QVERIFY(closeTo(*read.compileSeconds, stored.compileSeconds));
        if (stored.status != ResultStatus::Ok) {
            QVERIFY(read.failed());
            QCOMPARE(read.failure, failureNames.at(stored.status));
            QVERIFY(read.sampleSeconds.empty());
            continue;
        }
        QVERIFY(!read.failed());
        QVERIFY2(closeTo(*read.seconds, stored.summary.median),
                 std::to_string(*read.seconds).c_str());
        QCOMPARE(read.sampleSeconds.size(), stored.samples.size());
        for (std::size_t i = 0; i < stored.samples.size(); ++i)
            QVERIFY(closeTo(read.sampleSeconds[i], stored.samples[i]));
        QVERIFY(closeTo(*read.verificationSeconds, 0.01));
        if (benchmarkSeconds)
            QVERIFY(closeTo(*read.benchmarkSeconds, 0.05));
    }
}

} // namespace tbtest
