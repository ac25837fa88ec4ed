#include "datafilename.h"

#include "model/parameter.h"

#include <algorithm>
#include <filesystem>

namespace tb {

namespace {

EngineError nameError(const std::string &pattern, const std::string &problem)
{
    return makeError(EngineError::Code::InvalidSpec, "data file '" + pattern + "': " + problem);
}

std::string knownNames(const std::vector<std::string> &names)
{
    std::string text;
    for (const auto &name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text.empty() ? "none, the spec has no problem sizes" : text;
}

} // namespace

Expected<std::string> DataFileName::resolve(const std::string &pattern,
                                            const std::vector<std::string> &names,
                                            std::span<const double> values,
                                            const std::string &baseDirectory)
{
    std::string expanded;
    std::size_t position = 0;
    while (position < pattern.size()) {
        const std::size_t open = pattern.find_first_of("{}", position);
        if (open == std::string::npos) {
            expanded += pattern.substr(position);
            break;
        }
        if (pattern[open] == '}')
            return nameError(pattern, "a '}' without its '{'");
        const std::size_t close = pattern.find('}', open);
        if (close == std::string::npos)
            return nameError(pattern, "a '{' without its '}'");
        const std::string name = pattern.substr(open + 1, close - open - 1);
        const auto it = std::find(names.begin(), names.end(), name);
        const auto index = static_cast<std::size_t>(it - names.begin());
        if (it == names.end() || index >= values.size())
            return nameError(pattern, "{" + name + "} is no problem-size variable (known: " +
                                          knownNames(names) + ")");
        expanded += pattern.substr(position, open - position) + formatValue(values[index]);
        position = close + 1;
    }
    std::filesystem::path path(expanded);
    if (path.is_relative() && !baseDirectory.empty())
        path = std::filesystem::path(baseDirectory) / path;
    return path.lexically_normal().string();
}

Expected<std::string> DataFileName::resolve(const std::string &pattern, const Spec &spec,
                                            std::size_t sizeIndex)
{
    std::span<const double> values;
    if (sizeIndex < spec.sizes.values.size())
        values = spec.sizes.values[sizeIndex];
    return resolve(pattern, spec.sizes.names, values, spec.baseDirectory);
}

bool DataFileName::variesWithSize(const std::string &pattern)
{
    return pattern.find('{') != std::string::npos;
}

} // namespace tb
