#include "storedrun.h"

#include "export/runreader.h"

#include <cstdio>

namespace tb {

Expected<Store> openWorkspaceToRead(const std::string &workspace)
{
    auto store = openExistingWorkspace(workspace);
    if (!store && store.error().code == EngineError::Code::IoError && store.error().detail.empty())
        return makeError(EngineError::Code::IoError, store.error().message,
                         "pass --workspace FILE or run `tunebench-cli tune` first");
    return store;
}

Expected<StoredRun> loadStoredRun(const std::string &workspace, std::int64_t runId)
{
    auto store = openWorkspaceToRead(workspace);
    if (!store)
        return store.error();
    auto run = readRunAndSpec(*store, runId);
    if (!run)
        return run.error();
    return StoredRun{std::move(store.value()), std::move(run->run), std::move(run->spec)};
}

int reportCliError(const EngineError &error, int code)
{
    std::fprintf(stderr, "error: %s\n", error.toString().c_str());
    return code;
}

} // namespace tb
