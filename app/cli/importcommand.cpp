#include "importcommand.h"

#include "exitcodes.h"
#include "replay/recordedrunimport.h"
#include "runorigin.h"
#include "spec/specloader.h"
#include "storedrun.h"

#include <cstdio>
#include <optional>

namespace tb {

namespace {

// The user's input (the file, the spec, a second import) is exit 3; the store failing is 1.
int reportImportError(const EngineError &error)
{
    const bool input = error.code == EngineError::Code::InvalidArgument ||
                       error.code == EngineError::Code::InvalidSpec ||
                       error.code == EngineError::Code::IoError;
    return reportCliError(error, input ? exitcode::kInvalidInput : exitcode::kFailure);
}

void printImported(const ImportedRun &imported)
{
    const RunRecord &run = imported.run;
    std::printf("Imported %s as run %lld of spec '%s'%s\n", run.sourceFile.c_str(),
                static_cast<long long>(run.id), imported.specName.c_str(),
                imported.specMadeFromFile ? " (made from the file)" : "");
    std::printf("  %s, %s\n", runOriginText(run).c_str(), runDeviceText(run).c_str());
    std::printf("  problem size %zu%s: %zu configurations, %zu failed\n", imported.sizeIndex,
                imported.sizeLabel.empty() ? "" : (" (" + imported.sizeLabel + ")").c_str(),
                imported.configurations, imported.failures);
    for (const std::string &note : imported.notes)
        std::printf("  note: %s\n", note.c_str());
}

} // namespace

int runImport(const CliContext &context, const ImportOptions &options)
{
    std::optional<Spec> spec;
    if (!options.specPath.empty()) {
        auto loaded = SpecLoader().loadFile(options.specPath);
        if (!loaded)
            return reportImportError(loaded.error());
        spec = std::move(*loaded);
    }
    auto store = Store::open(context.workspacePath);
    if (!store)
        return reportCliError(store.error(), exitcode::kFailure);
    RecordedRunImport request;
    request.path = options.path;
    request.spec = spec ? &*spec : nullptr;
    request.deviceName = options.deviceName;
    auto imported = importRecordedRun(*store, request);
    if (!imported)
        return reportImportError(imported.error());
    printImported(*imported);
    return exitcode::kSuccess;
}

} // namespace tb
