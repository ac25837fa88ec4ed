#include "storedrun.h"

#include "export/runreader.h"

#include <cstdio>

namespace tb {

namespace {

// A missing workspace is most often a forgotten --workspace.
EngineError withWorkspaceHint(EngineError error)
{
    if (error.code == EngineError::Code::IoError && error.detail.empty())
        error.detail = "pass --workspace FILE or run `tunebench-cli tune` first";
    return error;
}

} // namespace

Expected<Store> openWorkspaceToRead(const std::string &workspace)
{
    auto store = openExistingWorkspace(workspace);
    if (!store)
        return withWorkspaceHint(store.error());
    return store;
}

Expected<OpenRun> loadStoredRun(const std::string &workspace, std::int64_t runId)
{
    auto run = openStoredRun(workspace, runId);
    if (!run)
        return withWorkspaceHint(run.error());
    return run;
}

int reportCliError(const EngineError &error, int code)
{
    std::fprintf(stderr, "error: %s\n", error.toString().c_str());
    return code;
}

} // namespace tb
