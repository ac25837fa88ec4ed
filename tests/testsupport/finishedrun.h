#pragma once

#include "model/configuration.h"
#include "model/result.h"
#include "model/runstate.h"
#include "model/spec.h"
#include "storage/store.h"

#include <QtGlobal>

#include <cstdint>
#include <string>
#include <vector>

// A finished run stored by hand in a real workspace through the Store, as a session stores
// one, for the export and import tests that need known results without measuring them.
namespace tbtest {

// One stored result: the configuration's values in the spec's parameter order, its problem
// size and what was measured.
struct StoredRow
{
    std::vector<double> values;
    std::size_t size = 0;
    tb::Result result;
};

// How the run is described; the defaults are a brute-force CPU run.
struct FinishedRunInfo
{
    std::string device = "cpu";
    std::string strategy = "brute_force";
    std::string toolVersion;
};

// Saves `spec` (once per document) and a finished run of `rows` into `workspace`; returns the
// run's id. Stops the test program naming the step the Store refused, since every test after
// it would read a half-made run.
inline std::int64_t storeFinishedRun(const std::string &workspace, const tb::Spec &spec,
                                     const std::vector<StoredRow> &rows,
                                     const FinishedRunInfo &info = {})
{
    auto store = tb::Store::open(workspace);
    if (!store)
        qFatal("cannot open %s: %s", workspace.c_str(), store.error().toString().c_str());
    const auto specId = store->specs().save(spec);
    if (!specId)
        qFatal("cannot save the spec: %s", specId.error().toString().c_str());
    tb::RunRecord run;
    run.specId = *specId;
    run.strategy = info.strategy;
    run.device = info.device;
    run.toolVersion = info.toolVersion;
    const auto runId = store->runs().create(run);
    if (!runId)
        qFatal("cannot create the run: %s", runId.error().toString().c_str());
    for (const StoredRow &row : rows) {
        const tb::Configuration config{row.values};
        if (!store->results().save(*runId, *specId, config.key(spec.parameters), config, row.size,
                                   row.result))
            qFatal("cannot save the result of %s", config.key(spec.parameters).c_str());
    }
    if (!store->runs().setState(*runId, tb::RunState::Finished))
        qFatal("cannot finish the run");
    return *runId;
}

} // namespace tbtest
