#include "startingspecfile.h"

#include "backend/common/atomicfile.h"
#include "spec/jsonformat.h"

#include <filesystem>

namespace tb {

namespace {

namespace fs = std::filesystem;

bool fileExists(const fs::path &path)
{
    std::error_code error;
    return fs::exists(path, error);
}

} // namespace

std::string specPathBeside(const std::string &kernelPath)
{
    return fs::path(kernelPath).replace_extension(".json").string();
}

std::string unusedSpecPathBeside(const std::string &kernelPath)
{
    const fs::path kernel(kernelPath);
    fs::path candidate = specPathBeside(kernelPath);
    for (int number = 2; fileExists(candidate); ++number)
        candidate = kernel.parent_path() /
                    (kernel.stem().string() + "-" + std::to_string(number) + ".json");
    return candidate.string();
}

Status writeStartingSpec(const StartingSpec &spec, const std::string &path, bool overwrite)
{
    if (!overwrite && fileExists(path))
        return makeError(EngineError::Code::IoError,
                         path + " exists: give another file, or overwrite it on purpose");
    return writeFileAtomically(path, formatJson(spec.document));
}

std::string describeGuesses(const StartingSpec &spec)
{
    std::string text;
    for (const SpecGuess &guess : spec.toCheck)
        text += "  " + guess.pointer + ": " + guess.why + "\n";
    return text;
}

} // namespace tb
