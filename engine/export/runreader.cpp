#include "runreader.h"

#include "spec/specloader.h"

#include <filesystem>
#include <system_error>

namespace tb {

Expected<Store> openExistingWorkspace(const std::string &path)
{
    namespace fs = std::filesystem;
    std::error_code error;
    if (!fs::is_regular_file(path, error))
        return makeError(EngineError::Code::IoError, "workspace '" + path + "' does not exist",
                         fs::exists(path, error) ? "it is not a regular file" : "");
    return Store::openToRead(path);
}

Expected<RunAndSpec> readRunAndSpec(Store &store, std::int64_t runId)
{
    auto run = store.runs().read(runId);
    if (!run)
        return run.error();
    auto stored = store.specs().read(run->specId);
    if (!stored)
        return stored.error();
    SpecLoader loader;
    auto spec = loader.parse(stored->document, stored->baseDirectory);
    if (!spec)
        return makeError(EngineError::Code::InvalidSpec,
                         "the spec of run " + std::to_string(runId) + " cannot be read back",
                         spec.error().toString());
    return RunAndSpec{std::move(run.value()), std::move(spec.value())};
}

} // namespace tb
