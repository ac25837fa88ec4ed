#include "inspectcommands.h"

#include "exitcodes.h"
#include "export/exporter.h"
#include "resultsreport.h"
#include "spec/specloader.h"
#include "storage/store.h"
#include "textformat.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace tb {

namespace {

int reportError(const EngineError &error, int code)
{
    std::fprintf(stderr, "error: %s\n", error.toString().c_str());
    return code;
}

// Opens an existing workspace; `show` on a misspelt path must not create an empty one.
Expected<Store> openExisting(const std::string &path)
{
    if (!std::filesystem::exists(path))
        return makeError(EngineError::Code::IoError, "workspace " + path + " does not exist",
                         "pass --workspace FILE or run `tunebench-cli tune` first");
    return Store::open(path);
}

struct LoadedRun
{
    Store store;
    RunRecord run;
    Spec spec;
};

Expected<LoadedRun> loadRun(const std::string &workspace, std::int64_t runId)
{
    auto store = openExisting(workspace);
    if (!store)
        return store.error();
    auto run = store->run(runId);
    if (!run)
        return makeError(EngineError::Code::InvalidArgument,
                         "no run " + std::to_string(runId) + " in " + workspace,
                         "`tunebench-cli runs` lists the runs");
    auto stored = store->spec(run->specId);
    if (!stored)
        return stored.error();
    SpecLoader loader;
    auto spec = loader.parse(stored->document, stored->baseDirectory);
    if (!spec)
        return spec.error();
    return LoadedRun{std::move(store.value()), *run, std::move(spec.value())};
}

} // namespace

int runRuns(const CliContext &context)
{
    auto store = openExisting(context.workspacePath);
    if (!store)
        return reportError(store.error(), exitcode::kInvalidInput);
    auto runs = store->runs();
    if (!runs)
        return reportError(runs.error(), exitcode::kFailure);
    TextTable table({"run", "spec", "state", "strategy", "results", "started", "finished"});
    for (const auto &run : *runs)
        table.addRow({std::to_string(run.id), run.specName, run.state, run.strategy,
                      std::to_string(run.resultCount), run.startedAt, run.finishedAt});
    std::printf("%s", runs->empty() ? "no runs yet\n" : table.render().c_str());
    return exitcode::kSuccess;
}

int runShow(const CliContext &context, std::int64_t runId, std::size_t top, bool all)
{
    auto loaded = loadRun(context.workspacePath, runId);
    if (!loaded)
        return reportError(loaded.error(), exitcode::kInvalidInput);
    auto results = loaded->store.results(runId);
    if (!results)
        return reportError(results.error(), exitcode::kFailure);
    const auto &run = loaded->run;
    std::printf("Run %lld of '%s': %s, strategy %s, %zu results, started %s%s%s\n",
                static_cast<long long>(run.id), loaded->spec.name.c_str(), run.state.c_str(),
                run.strategy.c_str(), results->size(), run.startedAt.c_str(),
                run.finishedAt.empty() ? "" : ", finished ", run.finishedAt.c_str());
    const auto text = all ? renderAllResults(loaded->spec, *results)
                          : renderTopResults(loaded->spec, *results, top);
    std::printf("%s", text.c_str());
    return exitcode::kSuccess;
}

int runExport(const CliContext &context, std::int64_t runId, const std::string &format,
              const std::string &outputPath)
{
    auto loaded = loadRun(context.workspacePath, runId);
    if (!loaded)
        return reportError(loaded.error(), exitcode::kInvalidInput);
    auto results = loaded->store.results(runId);
    if (!results)
        return reportError(results.error(), exitcode::kFailure);
    auto text = format == "csv" ? exportCsv(loaded->spec, *results)
                                : exportJson(loaded->spec, loaded->run, *results,
                                             currentHost(context.toolVersion, loaded->run.device));
    if (!text)
        return reportError(text.error(), exitcode::kFailure);
    if (outputPath.empty() || outputPath == "-") {
        std::fwrite(text->data(), 1, text->size(), stdout);
        return exitcode::kSuccess;
    }
    // Write beside the target and rename, so a failed export never leaves half a file.
    const std::string temporary = outputPath + ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << *text;
        if (!out.flush())
            return reportError(makeError(EngineError::Code::IoError, "cannot write " + temporary),
                               exitcode::kFailure);
    }
    std::error_code error;
    std::filesystem::rename(temporary, outputPath, error);
    if (error)
        return reportError(
            makeError(EngineError::Code::IoError, "cannot write " + outputPath, error.message()),
            exitcode::kFailure);
    std::fprintf(stderr, "wrote %s\n", outputPath.c_str());
    return exitcode::kSuccess;
}

} // namespace tb
