#pragma once

#include "startingspec.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace tb {

// The parameter part of a Triton kernel's starting spec (tritonstartingspec.h): its tunable
// parameters, the constraints that keep exactly the autotune configurations, and the reference
// configuration, out of the helper's "inspect" answer. With @triton.autotune each config
// kwarg, num_warps and num_stages (num_ctas and maxnreg where a config sets them) with the
// values the configurations use; without it each constexpr's default and Triton's defaults.
// What it has to guess goes to `guesses`. Throws nlohmann::json::exception on an answer of an
// unknown form.
class TritonParameterDraft
{
public:
    TritonParameterDraft(const nlohmann::json &inspect, std::vector<SpecGuess> &guesses);

    // "parameters", and "constraints" where the configurations need some.
    void write(nlohmann::ordered_json &document) const;
    // The first configuration: what verification.reference names.
    nlohmann::ordered_json reference() const;
    bool isTunable(const std::string &name) const;

private:
    // One tunable parameter with its value in each autotune configuration (or its values).
    struct Column
    {
        std::string name;
        std::vector<double> values;
    };

    void guess(std::string pointer, std::string why);
    const nlohmann::json *param(const std::string &name) const;
    std::vector<std::string> kwargNames() const;
    bool kwargColumn(const std::string &name, Column &column);
    Column optionColumn(const char *name, double fallback) const;
    void addAutotuneParameters();
    void addMaxnreg();
    void addDefaultParameters();
    void addUnlistedConstexprs();
    void addGuessedConstexpr(const nlohmann::json &item);

    const nlohmann::json &m_params;
    nlohmann::json m_autotune;
    nlohmann::json m_heuristics;
    std::vector<SpecGuess> &m_guesses;
    std::vector<Column> m_columns;
    std::vector<std::string> m_constraints;
};

} // namespace tb
