#include "newspeccommand.h"

#include "exitcodes.h"
#include "storedrun.h"
#include "tasks/startingspecfile.h"
#include "tasks/tritonkernelfile.h"

#include <cstdio>

namespace tb {

namespace {

int reportNewSpecError(const EngineError &error)
{
    const bool input = error.code != EngineError::Code::BackendError;
    return reportCliError(error, input ? exitcode::kInvalidInput : exitcode::kFailure);
}

} // namespace

int runNewSpec(const NewSpecOptions &options)
{
    auto file = TritonKernelFile::open(options.kernelPath);
    if (!file)
        return reportNewSpecError(file.error());
    auto entry = file->chooseEntry(options.entry);
    if (!entry)
        return reportNewSpecError(entry.error());
    const std::string output =
        options.outputPath.empty() ? specPathBeside(options.kernelPath) : options.outputPath;
    auto spec = file->startingSpec(*entry, output);
    if (!spec)
        return reportNewSpecError(spec.error());
    if (Status written = writeStartingSpec(*spec, output, options.force); !written)
        return reportNewSpecError(written.error());
    std::printf("wrote %s: a starting spec for %s\n", output.c_str(), entry->c_str());
    if (!spec->toCheck.empty())
        std::printf("check these guesses (JSON pointer: why) before you tune:\n%s",
                    describeGuesses(*spec).c_str());
    std::printf("then: tunebench-cli validate %s\n", output.c_str());
    return exitcode::kSuccess;
}

} // namespace tb
