#include "importedspec.h"

#include "pythonrestriction.h"
#include "space/expression.h"
#include "spec/specloader.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <filesystem>

namespace tb {

namespace {

using Json = nlohmann::ordered_json;

// The file's name without its directory and its .json/.gz/.xz suffixes.
std::string fileStem(const std::string &path)
{
    std::string stem = std::filesystem::path(path).filename().string();
    for (const char *suffix : {".gz", ".xz", ".json"})
        if (stem.size() > std::string(suffix).size() && stem.ends_with(suffix))
            stem.resize(stem.size() - std::string(suffix).size());
    return stem;
}

// An identifier for kernel.entry: what is not a letter, digit or underscore becomes '_'.
std::string identifier(std::string text)
{
    for (char &c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            c = '_';
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text.front())))
        text.insert(0, "k_");
    return text;
}

std::string sizeName(std::size_t dimension)
{
    static const char *const kAxes[] = {"size_x", "size_y", "size_z"};
    return dimension < 3 ? kAxes[dimension] : "size_" + std::to_string(dimension);
}

Json problemSizes(const std::optional<RecordedProblemSize> &size)
{
    Json row = Json::object();
    if (size)
        for (std::size_t i = 0; i < size->values.size(); ++i)
            row[size->names.empty() ? sizeName(i) : size->names[i]] = size->values[i];
    return Json::array({row});
}

Json parameters(const RecordedSpace &space)
{
    Json list = Json::array();
    for (const Parameter &parameter : space.parameters)
        list.push_back({{"name", parameter.name}, {"values", parameter.values}});
    return list;
}

// A GPU kernel unless the recording names a CPU (a Tunebench CPU run exported, "cpu (host)").
bool recordedOnCpu(const RecordedSpace &space)
{
    return space.deviceName.rfind("cpu", 0) == 0;
}

Json kernel(const RecordedSpace &space, const std::string &name, bool cpu)
{
    const std::string code = "// Imported from a " + std::string(toString(space.format)) +
                             " recording, which holds the measurements but not the kernel's "
                             "source: this spec describes the space only and cannot be tuned.\n";
    Json kernel = {{"code", code}, {"entry", identifier(name)}};
    kernel["language"] = cpu ? "c" : "cuda";
    return kernel;
}

// The restrictions that translate into constraints over the spec's parameters and sizes, and
// a note for each other one.
void addConstraints(const RecordedSpace &space, const Json &sizes, Json &spec,
                    std::vector<std::string> &notes)
{
    std::vector<std::string> names;
    for (const Parameter &parameter : space.parameters)
        names.push_back(parameter.name);
    for (const auto &item : sizes.items())
        names.push_back(item.key());
    Json constraints = Json::array();
    for (const std::string &restriction : space.restrictions) {
        auto translated = translatePythonRestriction(restriction);
        if (!translated) {
            notes.push_back(translated.error().message);
            continue;
        }
        if (auto compiled = Expression::compile(*translated, names); !compiled) {
            notes.push_back("the restriction '" + restriction +
                            "' is no constraint here: " + compiled.error().message);
            continue;
        }
        constraints.push_back(*translated);
    }
    if (!constraints.empty())
        spec["constraints"] = std::move(constraints);
}

Json document(const RecordedSpace &space, const std::optional<RecordedProblemSize> &size,
              const std::string &path, std::vector<std::string> &notes)
{
    const std::string name = space.kernelName.empty() ? fileStem(path) : space.kernelName;
    const bool cpu = recordedOnCpu(space);
    Json spec = {{"tunebench_spec", 1}, {"name", name}, {"backend", cpu ? "cpu" : "cuda"}};
    spec["kernel"] = kernel(space, name, cpu);
    spec["parameters"] = parameters(space);
    spec["problem_sizes"] = problemSizes(size);
    addConstraints(space, spec["problem_sizes"][0], spec, notes);
    if (!cpu)
        spec["launch"] = {{"grid", {"1"}}, {"block", {"1"}}};
    // The recording does not say which arguments the kernel takes; a spec needs one.
    spec["arguments"] = Json::array(
        {{{"name", "unknown_arguments"}, {"kind", "scalar"}, {"type", "int32"}, {"value", "0"}}});
    return spec;
}

} // namespace

Expected<ImportedSpec> synthesizeImportedSpec(const RecordedSpace &space,
                                              const std::optional<RecordedProblemSize> &size,
                                              const std::string &path)
{
    std::string text;
    std::vector<std::string> notes;
    try {
        text = document(space, size, path, notes).dump(2);
    } catch (const std::exception &error) { // invalid UTF-8 in a name
        return makeError(EngineError::Code::InvalidArgument,
                         path + ": cannot describe the recording as a spec", error.what());
    }
    auto spec = SpecLoader().parse(text, "");
    if (!spec)
        return makeError(EngineError::Code::InvalidArgument,
                         path + ": the recording's parameters and problem size do not make a "
                                "spec; name one with --spec",
                         spec.error().toString());
    return ImportedSpec{std::move(*spec), std::move(notes)};
}

} // namespace tb
