#pragma once

#include "run/session.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "testpaths.h"

#include <QString>

// Real workspaces for the workspace and export tests: the bundled CPU matmul example run
// through the engine with real tunebench-worker processes.
namespace tbtest {

inline tb::Spec matmulSpec()
{
    tb::SpecLoader loader;
    auto spec =
        loader.loadFile((sourceDir() + "/resources/examples/matmul/matmul.json").toStdString());
    if (!spec)
        qFatal("cannot load the matmul example: %s", spec.error().toString().c_str());
    return spec.value();
}

// A fresh run of at most maxConfigs configurations per problem size (the example has two
// sizes) into workspace. Returns the run's summary.
inline tb::Expected<tb::RunSummary> runMatmulInto(const QString &workspace, int maxConfigs)
{
    const tb::Spec spec = matmulSpec();
    tb::SessionOptions options;
    options.workspacePath = workspace.toStdString();
    options.workerCommand = {workerPath().toStdString()};
    options.workers = 2;
    options.maxConfigs = maxConfigs;
    options.fresh = true;
    options.toolVersion = "test";
    tb::SessionListener quiet;
    return tb::Session(spec, options, quiet).run();
}

// Every stored result of a run, read straight from the file.
inline std::vector<tb::StoredResult> storedResults(const QString &workspace, std::int64_t runId,
                                                   bool withSamples = false)
{
    auto store = tb::Store::open(workspace.toStdString());
    if (!store)
        qFatal("cannot open %s: %s", qPrintable(workspace), store.error().toString().c_str());
    auto results = store->results().ofRun(runId, withSamples);
    if (!results)
        qFatal("cannot read run %lld", static_cast<long long>(runId));
    return results.value();
}

inline std::vector<tb::RunRecord> storedRuns(const QString &workspace)
{
    auto store = tb::Store::open(workspace.toStdString());
    if (!store)
        qFatal("cannot open %s: %s", qPrintable(workspace), store.error().toString().c_str());
    auto runs = store->runs().all();
    if (!runs)
        qFatal("cannot list the runs of %s", qPrintable(workspace));
    return runs.value();
}

} // namespace tbtest
