#include "storedrun.h"

#include "export/runreader.h"

namespace tb {

Expected<OpenRun> openStoredRun(const std::string &workspace, std::int64_t runId)
{
    auto store = openExistingWorkspace(workspace);
    if (!store)
        return store.error();
    auto run = readRunAndSpec(*store, runId);
    if (!run)
        return run.error();
    return OpenRun{std::move(store.value()), std::move(run->run), std::move(run->spec)};
}

Expected<StoredRun> readStoredRun(const std::string &workspace, std::int64_t runId,
                                  bool withSamples)
{
    auto open = openStoredRun(workspace, runId);
    if (!open)
        return open.error();
    auto results = open->store.results().ofRun(runId, withSamples);
    if (!results)
        return results.error();
    auto rounds = open->store.rounds().ofRun(runId, withSamples);
    if (!rounds)
        return rounds.error();
    return StoredRun{std::move(open->run), std::move(open->spec), std::move(results.value()),
                     std::move(rounds.value())};
}

} // namespace tb
