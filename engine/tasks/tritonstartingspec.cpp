#include "tritonstartingspec.h"

#include "tritonargumentdraft.h"
#include "tritonparameterdraft.h"

#include <algorithm>
#include <cctype>

namespace tb {

namespace {

// In document order, as the user reads the spec: by top-level field, then by index.
void sortGuesses(StartingSpec &spec)
{
    std::vector<std::string> fields;
    for (const auto &[key, value] : spec.document.items())
        fields.push_back(key);
    auto rank = [&fields](const std::string &pointer) {
        const std::size_t end = pointer.find('/', 1);
        const std::string field = pointer.substr(1, end == std::string::npos ? end : end - 1);
        const auto found = std::find(fields.begin(), fields.end(), field);
        long index = -1;
        if (end != std::string::npos && std::isdigit(static_cast<unsigned char>(pointer[end + 1])))
            index = std::stol(pointer.substr(end + 1));
        return std::pair{found - fields.begin(), index};
    };
    std::stable_sort(
        spec.toCheck.begin(), spec.toCheck.end(),
        [&](const SpecGuess &a, const SpecGuess &b) { return rank(a.pointer) < rank(b.pointer); });
}

// The document's fields in the order a person reads a spec; the parameter and argument parts
// each write theirs and note what they guessed.
StartingSpec draft(const nlohmann::json &inspect, const std::string &entry,
                   const std::string &source)
{
    StartingSpec spec;
    nlohmann::ordered_json &doc = spec.document;
    doc["tunebench_spec"] = 1;
    doc["name"] = entry;
    doc["backend"] = "cuda";
    doc["kernel"] = {{"source", source}, {"entry", entry}, {"language", "triton"}};
    const TritonParameterDraft parameters(inspect, spec.toCheck);
    parameters.write(doc);
    TritonArgumentDraft arguments(
        inspect, [&parameters](const std::string &name) { return parameters.isTunable(name); },
        spec.toCheck);
    arguments.writeProblemSizes(doc);
    doc["launch"] = {{"grid", {"1"}}};
    spec.toCheck.push_back({"/launch/grid", "one program: give the grid the kernel's caller "
                                            "launches, e.g. [\"ceil_div(N, BLOCK_SIZE)\"]"});
    arguments.writeArguments(doc);
    doc["verification"] = {{"reference", parameters.reference()}, {"rtol", 1e-3}, {"atol", 1e-5}};
    spec.toCheck.push_back(
        {"/verification/rtol", "the tolerances of the output comparison are a guess"});
    sortGuesses(spec);
    return spec;
}

} // namespace

Expected<StartingSpec> tritonStartingSpec(const nlohmann::json &inspect, const std::string &entry,
                                          const std::string &source)
{
    const auto autotune = inspect.value("autotune", nlohmann::json());
    if (autotune.is_object() && autotune.contains("error"))
        return makeError(EngineError::Code::InvalidSpec,
                         "the @triton.autotune of " + entry +
                             " cannot be read: " + autotune.at("error").get<std::string>());
    try {
        return draft(inspect, entry, source);
    } catch (const nlohmann::json::exception &exception) {
        return makeError(EngineError::Code::BackendError,
                         "Triton's helper described the kernel in an unknown form",
                         exception.what());
    }
}

} // namespace tb
