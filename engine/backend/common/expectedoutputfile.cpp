#include "expectedoutputfile.h"

#include "data/datafilename.h"

#include <algorithm>

namespace tb {

Expected<std::optional<DataFile>> openExpectedOutputFile(const Spec &spec,
                                                         const std::string &output,
                                                         std::uint64_t count, std::size_t sizeIndex)
{
    const std::string pattern = spec.verification.expectedFile(output);
    if (pattern.empty())
        return std::optional<DataFile>();
    const auto &arguments = spec.arguments;
    auto argument = std::find_if(arguments.begin(), arguments.end(),
                                 [&output](const Argument &a) { return a.name == output; });
    const std::string subject = "verification.expected." + output + ".file: ";
    if (argument == arguments.end())
        return makeError(EngineError::Code::InvalidSpec, subject + "no argument '" + output + "'");
    auto path = DataFileName::resolve(pattern, spec, sizeIndex);
    if (!path)
        return makeError(path.error().code, subject + path.error().message);
    auto file = DataFile::open(*path, *argument, count);
    if (!file)
        return makeError(file.error().code, subject + file.error().message);
    return std::optional<DataFile>(std::move(*file));
}

} // namespace tb
