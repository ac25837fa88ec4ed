#include "recordedrunimport.h"

#include "replay/compressedfile.h"
#include "replay/importedresult.h"
#include "replay/importedspec.h"
#include "replay/importspecmatch.h"
#include "replay/recordedspacereader.h"

#include "analysis/bestpersize.h"
#include "space/variables.h"

#include <filesystem>
#include <optional>

namespace tb {

namespace {

EngineError importError(const std::string &path, const std::string &what,
                        const std::string &detail = {})
{
    return makeError(EngineError::Code::InvalidArgument, path + ": " + what, detail);
}

// A Tunebench workspace is read by the replay, never imported: its runs are native already.
Expected<RecordedSpace> readImportable(const std::string &path)
{
    auto space = readRecordedSpace(path);
    if (!space)
        return space.error();
    if (space->format == RecordedFormat::TunebenchWorkspace)
        return importError(path,
                           "is a Tunebench workspace, not a Kernel Tuner cache or T4 "
                           "results file",
                           "open it as a workspace (--workspace) instead of importing it");
    return space;
}

Expected<std::string> deviceOf(const RecordedSpace &space, const RecordedRunImport &request)
{
    if (space.deviceName.empty() || request.deviceName.empty() ||
        space.deviceName == request.deviceName)
        return space.deviceName.empty() ? request.deviceName : space.deviceName;
    return importError(request.path,
                       "names the device '" + space.deviceName + "', not '" + request.deviceName +
                           "'",
                       "--device names the device only for a file that names none");
}

// The spec to file the run under, and where the recording's configurations go in it.
struct Target
{
    std::optional<Spec> made;       // the spec made from the file, when the user named none
    std::vector<std::string> notes; // what the made spec could not say
    const Spec *spec = nullptr;
    std::optional<ImportSpecMatch> match;
};

Expected<Target> targetOf(const RecordedSpace &space, const RecordedRunImport &request)
{
    auto size = parseRecordedProblemSize(space.problemSize, request.path);
    if (!size)
        return size.error();
    Target target;
    if (request.spec) {
        target.spec = request.spec;
    } else {
        auto made = synthesizeImportedSpec(space, *size, request.path);
        if (!made)
            return made.error();
        target.made = std::move(made->spec);
        target.notes = std::move(made->notes);
    }
    auto match = ImportSpecMatch::create(target.spec ? *target.spec : *target.made, space, *size,
                                         request.path);
    if (!match)
        return match.error();
    target.match = std::move(*match);
    return target;
}

Expected<std::vector<StoredResult>> resultsOf(const RecordedSpace &space, const Spec &spec,
                                              const ImportSpecMatch &match,
                                              const std::string &device)
{
    std::vector<StoredResult> results;
    results.reserve(space.configurations.size());
    for (const RecordedConfiguration &recorded : space.configurations) {
        auto config = match.toSpecOrder(spec, recorded.configuration, space.parameters);
        if (!config)
            return config.error();
        StoredResult stored;
        stored.configKey = config->key(spec.parameters);
        stored.config = std::move(*config);
        stored.sizeIndex = match.sizeIndex();
        stored.result = importedResult(recorded, space.format, device);
        results.push_back(std::move(stored));
    }
    return results;
}

RunRecord runOf(const RecordedSpace &space, const RecordedRunImport &request,
                const std::string &device, const std::string &contentHash)
{
    RunRecord run;
    run.origin = space.format == RecordedFormat::T4 ? kOriginT4 : kOriginKernelTuner;
    run.sourceFile = std::filesystem::path(request.path).filename().string();
    run.sourceHash = contentHash;
    run.device = device;
    return run;
}

} // namespace

std::string originName(const std::string &origin)
{
    if (origin == kOriginKernelTuner)
        return "Kernel Tuner cache";
    if (origin == kOriginT4)
        return "T4 results";
    return origin;
}

Expected<ImportedRun> importRecordedRun(Store &store, const RecordedRunImport &request)
{
    auto space = readImportable(request.path);
    if (!space)
        return space.error();
    auto content = readPlainOrGzipFile(request.path); // the same text, whatever the compression
    if (!content)
        return content.error();
    auto device = deviceOf(*space, request);
    if (!device)
        return device.error();
    auto target = targetOf(*space, request);
    if (!target)
        return target.error();
    const Spec &spec = target->spec ? *target->spec : *target->made;
    auto results = resultsOf(*space, spec, *target->match, *device);
    if (!results)
        return results.error();
    ImportedRun imported;
    imported.run = runOf(*space, request, *device, Store::contentHash(*content));
    auto ids = store.importer().importRun(spec, imported.run, *results);
    if (!ids)
        return ids.error();
    imported.run.id = ids->runId;
    imported.run.specId = ids->specId;
    imported.specName = spec.name;
    imported.specMadeFromFile = !request.spec;
    imported.notes = target->notes;
    imported.sizeIndex = target->match->sizeIndex();
    imported.sizeLabel = problemSizeLabel(spec, imported.sizeIndex);
    imported.configurations = space->configurations.size();
    imported.failures = space->failureCount();
    return imported;
}

} // namespace tb
