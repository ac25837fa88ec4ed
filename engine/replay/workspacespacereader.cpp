#include "workspacespacereader.h"

#include "replay/workspacesource.h"

#include "analysis/bestpersize.h"
#include "export/runreader.h"
#include "model/resultfigure.h"
#include "space/variables.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace tb {

namespace {

EngineError runError(const std::string &path, const std::string &what)
{
    return makeError(EngineError::Code::InvalidArgument, path + ": " + what);
}

// The storage layer's errors name the file it opened: for a compressed workspace that is the
// temporary copy, which the user never named. Name theirs instead.
EngineError namingSource(EngineError error, const WorkspaceSource &source)
{
    if (source.inflated()) {
        for (std::string *text : {&error.message, &error.detail}) {
            for (auto at = text->find(source.sqlitePath()); at != std::string::npos;
                 at = text->find(source.sqlitePath(), at + source.path().size()))
                text->replace(at, source.sqlitePath().size(), source.path());
        }
    }
    if (error.message.find(source.path()) == std::string::npos &&
        error.detail.find(source.path()) == std::string::npos)
        error.message = source.path() + ": " + error.message;
    return error;
}

std::string runList(const std::vector<RunRecord> &runs)
{
    std::string list;
    for (auto run = runs.rbegin(); run != runs.rend(); ++run)
        list += (list.empty() ? "" : ", ") + std::to_string(run->id);
    return list.empty() ? "none" : list;
}

// The run asked for, or the newest that has results (Store::runs() lists newest first).
Expected<std::int64_t> chooseRun(Store &store, const std::string &path,
                                 std::optional<std::int64_t> runId)
{
    auto runs = store.runs().all();
    if (!runs)
        return runs.error();
    if (runId) {
        const bool found = std::any_of(runs->begin(), runs->end(),
                                       [&](const RunRecord &run) { return run.id == *runId; });
        if (!found)
            return runError(path, "has no run " + std::to_string(*runId) +
                                      " (its runs: " + runList(*runs) + ")");
        return *runId;
    }
    for (const RunRecord &run : *runs)
        if (run.resultCount > 0)
            return run.id;
    return runError(path, "no run has results to replay (its runs: " + runList(*runs) + ")");
}

std::string firstLine(const std::string &text)
{
    return text.substr(0, text.find('\n'));
}

RecordedConfiguration recordedFrom(const StoredResult &stored)
{
    const Result &result = stored.result;
    RecordedConfiguration recorded;
    recorded.configuration = stored.config;
    recorded.sampleSeconds = result.samples; // round 1's when finalists were measured again
    if (result.status == ResultStatus::Ok) {
        // Time, even where the spec's objective is a derived metric: a replay ranks by time
        // (RecordedSpace::objective), and the metrics are functions of it and the size.
        recorded.seconds = result.summary.median;
    } else {
        recorded.failure = std::string(toString(result.status));
        if (!result.message.empty())
            recorded.failure += ": " + firstLine(result.message);
    }
    if (result.compileSeconds > 0)
        recorded.compileSeconds = result.compileSeconds; // as the CSV's compile_s
    // The CUDA backend times its stages; the CPU backend does not, so there the samples are
    // the best record of what measuring cost.
    recorded.verificationSeconds = result.resource(figures::kVerifySeconds);
    recorded.benchmarkSeconds = result.resource(figures::kMeasureSeconds);
    if (!recorded.benchmarkSeconds && !result.samples.empty())
        recorded.benchmarkSeconds =
            std::accumulate(result.samples.begin(), result.samples.end(), 0.0);
    return recorded;
}

Expected<RecordedSpace> readRun(Store &store, const std::string &path,
                                std::optional<std::int64_t> runId, std::size_t sizeIndex)
{
    auto chosen = chooseRun(store, path, runId);
    if (!chosen)
        return chosen.error();
    const std::string runName = "run " + std::to_string(*chosen);
    auto loaded = readRunAndSpec(store, *chosen);
    if (!loaded)
        return loaded.error();
    const Spec &spec = loaded->spec;
    if (sizeIndex >= problemSizeCount(spec))
        return runError(path, "problem size " + std::to_string(sizeIndex) +
                                  " is out of range: " + runName + "'s spec has " +
                                  std::to_string(problemSizeCount(spec)) + " problem sizes (" +
                                  problemSizeList(spec) + ")");
    auto results = store.results().ofRun(*chosen, true);
    if (!results)
        return results.error();

    RecordedSpace space;
    space.format = RecordedFormat::TunebenchWorkspace;
    // The run records the backend and the host, not the GPU's name.
    space.deviceName =
        loaded->run.device + (loaded->run.host.empty() ? "" : " on " + loaded->run.host);
    space.kernelName = spec.name;
    space.problemSize = problemSizeLabel(spec, sizeIndex);
    space.parameters = spec.parameters;
    std::size_t untimed = 0; // compiled, never timed
    for (const StoredResult &stored : *results) {
        // Skipped configurations were never run: they are not part of the recorded space.
        if (stored.sizeIndex != sizeIndex ||
            stored.result.status == ResultStatus::SkippedByConstraint)
            continue;
        if (compiledOnly(stored.result)) {
            ++untimed;
            continue;
        }
        space.configurations.push_back(recordedFrom(stored));
    }
    if (untimed > 0) {
        if (space.configurations.size() == space.failureCount())
            return runError(path, runName + " was compile-only: nothing was timed");
        return runError(path, runName + " has " + std::to_string(untimed) +
                                  " results compiled but not timed, which cannot be replayed");
    }
    if (space.configurations.empty())
        return runError(path,
                        runName + " has no results for problem size " + std::to_string(sizeIndex) +
                            (space.problemSize.empty() ? "" : " (" + space.problemSize + ")"));
    return space;
}

} // namespace

Expected<RecordedSpace> readWorkspaceSpace(const std::string &path,
                                           std::optional<std::int64_t> runId, std::size_t sizeIndex)
{
    auto source = WorkspaceSource::resolve(path);
    if (!source)
        return source.error();
    // The store is closed before `source` removes an inflated copy.
    auto space = [&]() -> Expected<RecordedSpace> {
        auto store = openExistingWorkspace(source->sqlitePath());
        if (!store)
            return store.error();
        return readRun(*store, path, runId, sizeIndex);
    }();
    if (!space)
        return namingSource(space.error(), *source);
    return space;
}

} // namespace tb
