#pragma once

// Shared by the cluster tests (tst_slurmtuning, tst_sshtuning): a run whose workers were
// killed, cut off or dropped must still have stored every configuration exactly once, all ok.
#include "runstatetesting.h"
#include "storage/store.h"

#include <QTest>

#include <set>
#include <string>
#include <utility>

// Run 1 of `workspace`: `configurations` results, one per configuration and size, all ok,
// each measured on `host` when one is given, and the run finished.
inline void verifyCompleteRun(const QString &workspace, std::size_t configurations,
                              const std::string &host = {})
{
    auto store = tb::Store::open(workspace.toStdString());
    QVERIFY(store.hasValue());
    auto results = store->results().ofRun(1);
    QVERIFY(results.hasValue());
    QCOMPARE(results->size(), configurations);
    std::set<std::pair<std::string, std::size_t>> distinct;
    for (const auto &stored : *results) {
        distinct.insert({stored.configKey, stored.sizeIndex});
        QVERIFY2(stored.result.status == tb::ResultStatus::Ok,
                 (stored.configKey + ": " + std::string(tb::toString(stored.result.status)) + " " +
                  stored.result.message)
                     .c_str());
        if (!host.empty())
            QCOMPARE(stored.result.host, host);
    }
    QCOMPARE(distinct.size(), results->size());
    auto run = store->runs().read(1);
    QVERIFY(run.hasValue());
    QCOMPARE(run->state, tb::RunState::Finished);
}
