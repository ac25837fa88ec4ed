#include "importspecmatch.h"

#include "analysis/bestpersize.h"
#include "space/variables.h"

#include <algorithm>

namespace tb {

namespace {

std::string nameList(std::vector<std::string> names)
{
    std::sort(names.begin(), names.end());
    std::string text;
    for (const auto &name : names)
        text += (text.empty() ? "" : ", ") + name;
    return text;
}

std::vector<std::string> namesOf(const std::vector<Parameter> &parameters)
{
    std::vector<std::string> names;
    for (const auto &parameter : parameters)
        names.push_back(parameter.name);
    return names;
}

EngineError mismatch(const std::string &path, const std::string &what, const std::string &detail)
{
    return makeError(EngineError::Code::InvalidArgument,
                     path + ": the spec does not describe the recording: " + what, detail);
}

// The file's size in the spec's variable order: by name where the file names them, else by
// position.
std::optional<std::vector<double>> inSpecOrder(const Spec &spec, const RecordedProblemSize &size)
{
    if (size.names.empty())
        return size.values.size() == spec.sizes.names.size() ? std::optional(size.values)
                                                             : std::nullopt;
    if (size.names.size() != spec.sizes.names.size())
        return std::nullopt;
    std::vector<double> values;
    for (const auto &name : spec.sizes.names) {
        const auto found = std::find(size.names.begin(), size.names.end(), name);
        if (found == size.names.end())
            return std::nullopt;
        values.push_back(size.values[static_cast<std::size_t>(found - size.names.begin())]);
    }
    return values;
}

std::string sizeText(const RecordedProblemSize &size)
{
    std::string text;
    for (std::size_t i = 0; i < size.values.size(); ++i)
        text += (i ? "," : "") + (size.names.empty() ? "" : size.names[i] + "=") +
                formatValue(size.values[i]);
    return text;
}

Expected<std::size_t> sizeIndexOf(const Spec &spec, const std::optional<RecordedProblemSize> &size,
                                  const std::string &path)
{
    const std::size_t count = problemSizeCount(spec);
    if (!size) {
        if (count == 1)
            return std::size_t{0};
        return mismatch(path,
                        "the file names no problem size and the spec has " + std::to_string(count),
                        "sizes " + problemSizeList(spec));
    }
    if (const auto values = inSpecOrder(spec, *size))
        for (std::size_t i = 0; i < count; ++i)
            if (spec.sizes.values[i] == *values)
                return i;
    return mismatch(path, "its problem size " + sizeText(*size) + " is none of the spec's",
                    "the spec's sizes: " + problemSizeList(spec) +
                        "; add the size to the spec to import it");
}

} // namespace

Expected<ImportSpecMatch> ImportSpecMatch::create(const Spec &spec, const RecordedSpace &space,
                                                  const std::optional<RecordedProblemSize> &size,
                                                  const std::string &path)
{
    ImportSpecMatch match(path);
    const auto fileNames = namesOf(space.parameters);
    for (const auto &parameter : spec.parameters) {
        const auto found = std::find(fileNames.begin(), fileNames.end(), parameter.name);
        if (found == fileNames.end() || spec.parameters.size() != fileNames.size())
            return mismatch(path, "the parameters differ",
                            "spec '" + spec.name + "' has " + nameList(namesOf(spec.parameters)) +
                                "; the file has " + nameList(fileNames));
        match.m_fileIndexOf.push_back(static_cast<std::size_t>(found - fileNames.begin()));
    }
    auto sizeIndex = sizeIndexOf(spec, size, path);
    if (!sizeIndex)
        return sizeIndex.error();
    match.m_sizeIndex = *sizeIndex;
    return match;
}

Expected<Configuration>
ImportSpecMatch::toSpecOrder(const Spec &spec, const Configuration &recorded,
                             const std::vector<Parameter> &fileParameters) const
{
    Configuration config;
    for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
        const double value = recorded.values.at(m_fileIndexOf[i]);
        const auto &allowed = spec.parameters[i].values;
        if (std::find(allowed.begin(), allowed.end(), value) == allowed.end())
            return mismatch(m_path,
                            "configuration " + recorded.key(fileParameters) + " has " +
                                spec.parameters[i].name + "=" + formatValue(value),
                            "a value spec '" + spec.name + "' does not list");
        config.values.push_back(value);
    }
    return config;
}

} // namespace tb
