#include "pairnarrowing.h"

#include "spec/specloader.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace tb {

namespace {

using json = nlohmann::json;

// Exact text of a number for an expression: 17 significant digits read back to the same double.
std::string exactNumber(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", value);
    return text;
}

// "(N == 4096 && BM == 64 && BN == 32)": one pair, by the size's and the parameters' values.
std::string admitPair(const Spec &spec, const ConfigAtSize &pair)
{
    std::string clause;
    const auto add = [&](const std::string &name, double value) {
        clause += (clause.empty() ? "" : " && ") + name + " == " + exactNumber(value);
    };
    const auto &sizeValues = spec.sizes.values[pair.sizeIndex];
    for (std::size_t i = 0; i < spec.sizes.names.size() && i < sizeValues.size(); ++i)
        add(spec.sizes.names[i], sizeValues[i]);
    for (std::size_t i = 0; i < spec.parameters.size() && i < pair.config.values.size(); ++i)
        add(spec.parameters[i].name, pair.config.values[i]);
    return "(" + clause + ")";
}

// "(MODE == 0)": the reference, at every size.
std::string admitReference(const json &reference)
{
    std::string clause;
    for (const auto &[name, value] : reference.items())
        if (value.is_number())
            clause +=
                (clause.empty() ? "" : " && ") + name + " == " + exactNumber(value.get<double>());
    return clause.empty() ? "" : "(" + clause + ")";
}

// The document searched exhaustively under `admit`, without the budgets or a recording that
// would leave pairs out.
json narrowedDocument(json document, const std::string &admit)
{
    json constraints = document.value("constraints", json::array());
    constraints.push_back(admit);
    document["constraints"] = constraints;
    json strategy = document.value("strategy", json::object());
    for (const char *key :
         {"replay", "options", "max_configs", "max_seconds", "stop_after_no_improvement"})
        strategy.erase(key);
    strategy["name"] = "brute_force";
    document["strategy"] = strategy;
    return document;
}

} // namespace

Expected<Spec> narrowSpecToPairs(const Spec &spec, const std::vector<ConfigAtSize> &pairs)
{
    if (pairs.empty())
        return makeError(EngineError::Code::InvalidArgument,
                         "spec '" + spec.name + "': no (configuration, size) pair to measure");
    std::string admit;
    for (const ConfigAtSize &pair : pairs) {
        if (pair.sizeIndex >= spec.sizes.values.size())
            return makeError(EngineError::Code::InvalidArgument,
                             "spec '" + spec.name + "' has no problem size " +
                                 std::to_string(pair.sizeIndex));
        admit += (admit.empty() ? "" : " || ") + admitPair(spec, pair);
    }
    const json document = json::parse(spec.document, nullptr, false);
    if (document.is_discarded() || !document.is_object())
        return makeError(EngineError::Code::InvalidSpec,
                         "spec '" + spec.name + "': its stored document is not a JSON object");
    const json verification = document.value("verification", json::object());
    if (verification.is_object() && verification.contains("reference") &&
        verification["reference"].is_object())
        if (const std::string reference = admitReference(verification["reference"]);
            !reference.empty())
            admit += " || " + reference;
    return SpecLoader().parse(narrowedDocument(document, admit).dump(), spec.baseDirectory);
}

} // namespace tb
