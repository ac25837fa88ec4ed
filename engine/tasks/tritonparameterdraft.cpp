#include "tritonparameterdraft.h"

#include "model/tritonkernel.h"
#include "space/listedconfigurations.h"
#include "tritoninspectedparam.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <set>

namespace tb {

namespace {

using Json = nlohmann::ordered_json;

// The values a constexpr that neither a default nor a configuration gives gets: block sizes
// Triton's dot and arange accept, to be checked.
const std::vector<double> kGuessedConstexprValues{16, 32, 64, 128};

// 64, not 64.0, where the value is whole: as a person writes the spec.
Json specNumber(double value)
{
    if (std::nearbyint(value) == value && std::abs(value) < 9.0e15)
        return static_cast<std::int64_t>(value);
    return value;
}

// A number the spec can hold: JSON booleans are not numbers here.
bool isNumber(const nlohmann::json &value)
{
    return value.is_number();
}

} // namespace

TritonParameterDraft::TritonParameterDraft(const nlohmann::json &inspect,
                                           std::vector<SpecGuess> &guesses)
    : m_params(inspect.at("params")), m_autotune(inspect.value("autotune", nlohmann::json())),
      m_heuristics(inspect.value("heuristics", nlohmann::json::array())), m_guesses(guesses)
{
    if (m_autotune.is_object()) {
        addAutotuneParameters();
        addUnlistedConstexprs();
    } else {
        addDefaultParameters();
    }
}

void TritonParameterDraft::write(nlohmann::ordered_json &document) const
{
    Json parameters = Json::array();
    for (const Column &column : m_columns) {
        Json values = Json::array();
        for (double value : std::set<double>(column.values.begin(), column.values.end()))
            values.push_back(specNumber(value));
        parameters.push_back({{"name", column.name}, {"values", std::move(values)}});
    }
    document["parameters"] = std::move(parameters);
    if (!m_constraints.empty())
        document["constraints"] = m_constraints;
}

nlohmann::ordered_json TritonParameterDraft::reference() const
{
    Json reference = Json::object();
    for (const Column &column : m_columns)
        reference[column.name] = specNumber(column.values.front());
    return reference;
}

bool TritonParameterDraft::isTunable(const std::string &name) const
{
    return std::any_of(m_columns.begin(), m_columns.end(),
                       [&](const Column &column) { return column.name == name; });
}

void TritonParameterDraft::guess(std::string pointer, std::string why)
{
    m_guesses.push_back({std::move(pointer), std::move(why)});
}

const nlohmann::json *TritonParameterDraft::param(const std::string &name) const
{
    for (const auto &item : m_params)
        if (item.at("name") == name)
            return &item;
    return nullptr;
}

// The configurations' kwarg names: the kernel's own in its order, then any others.
std::vector<std::string> TritonParameterDraft::kwargNames() const
{
    std::set<std::string> given;
    for (const auto &config : m_autotune.at("configs"))
        for (const auto &[name, value] : config.at("kwargs").items())
            given.insert(name);
    std::vector<std::string> names;
    for (const auto &item : m_params)
        if (given.erase(paramName(item)))
            names.push_back(paramName(item));
    names.insert(names.end(), given.begin(), given.end());
    return names;
}

// A kwarg's value in each configuration; a configuration without it has the kernel's
// default. False (and a note) when a value is not a number.
bool TritonParameterDraft::kwargColumn(const std::string &name, Column &column)
{
    const nlohmann::json *kernelParam = param(name);
    for (const auto &config : m_autotune.at("configs")) {
        const auto &kwargs = config.at("kwargs");
        nlohmann::json value = kwargs.contains(name) ? kwargs.at(name)
                               : kernelParam         ? kernelParam->value("default", nullptr)
                                                     : nullptr;
        if (!isNumber(value)) {
            guess("/parameters", name + " is not a parameter: a configuration (line " +
                                     std::to_string(config.value("line", 0)) + ") gives it " +
                                     (kwargs.contains(name) ? value.dump() : "no value") +
                                     ", and parameters are numbers");
            return false;
        }
        column.values.push_back(value.get<double>());
    }
    return true;
}

// num_warps and friends in each configuration; `fallback` where one is not a number.
TritonParameterDraft::Column TritonParameterDraft::optionColumn(const char *name,
                                                                double fallback) const
{
    Column column{name, {}};
    for (const auto &config : m_autotune.at("configs")) {
        const auto value = config.value(name, nlohmann::json());
        column.values.push_back(isNumber(value) ? value.get<double>() : fallback);
    }
    return column;
}

void TritonParameterDraft::addAutotuneParameters()
{
    if (m_autotune.at("configs").empty()) {
        guess("/parameters", "@triton.autotune lists no configurations");
        addDefaultParameters();
        return;
    }
    for (const std::string &name : kwargNames())
        if (Column column{name, {}}; kwargColumn(name, column))
            m_columns.push_back(std::move(column));
    m_columns.push_back(optionColumn("num_warps", kTritonDefaultWarps));
    m_columns.push_back(optionColumn("num_stages", kTritonDefaultStages));
    if (Column ctas = optionColumn("num_ctas", 1);
        std::any_of(ctas.values.begin(), ctas.values.end(), [](double v) { return v != 1; }))
        m_columns.push_back(std::move(ctas));
    addMaxnreg();
    std::vector<std::string> names;
    std::vector<std::vector<double>> rows(m_columns.front().values.size());
    for (const Column &column : m_columns) {
        names.push_back(column.name);
        for (std::size_t row = 0; row < rows.size(); ++row)
            rows[row].push_back(column.values[row]);
    }
    m_constraints = constraintsKeepingOnly(names, rows);
}

// maxnreg only where every configuration sets it: "no limit" is not a number.
void TritonParameterDraft::addMaxnreg()
{
    std::size_t set = 0;
    const auto &configs = m_autotune.at("configs");
    for (const auto &config : configs)
        set += isNumber(config.value("maxnreg", nlohmann::json())) ? 1 : 0;
    if (set == configs.size())
        m_columns.push_back(optionColumn("maxnreg", 0));
    else if (set > 0)
        guess("/parameters", "maxnreg is not a parameter: some configurations set it and "
                             "some leave it unlimited, which a parameter cannot say");
}

void TritonParameterDraft::addDefaultParameters()
{
    for (const auto &item : m_params) {
        if (!isConstexprParam(item))
            continue;
        const std::string name = paramName(item);
        const auto value = item.value("default", nlohmann::json());
        if (!item.value("has_default", false))
            addGuessedConstexpr(item);
        else if (isNumber(value))
            m_columns.push_back({name, {value.get<double>()}});
        else
            guess("/parameters", name + " keeps its default " +
                                     item.value("default_source", std::string("?")) +
                                     ": parameters are numbers");
    }
    m_columns.push_back({"num_warps", {double(kTritonDefaultWarps)}});
    m_columns.push_back({"num_stages", {double(kTritonDefaultStages)}});
    guess("/parameters", "the kernel has no @triton.autotune: each parameter has one value "
                         "(its default); add the values to tune");
}

// Constexprs no configuration gives a value and that have no default: Triton would fail
// without one.
void TritonParameterDraft::addUnlistedConstexprs()
{
    for (const auto &item : m_params)
        if (isConstexprParam(item) && !item.value("has_default", false) &&
            !isTunable(paramName(item)))
            addGuessedConstexpr(item);
}

void TritonParameterDraft::addGuessedConstexpr(const nlohmann::json &item)
{
    const std::string name = paramName(item);
    m_columns.push_back({name, kGuessedConstexprValues});
    const bool computed =
        std::find(m_heuristics.begin(), m_heuristics.end(), name) != m_heuristics.end();
    guess("/parameters/" + std::to_string(m_columns.size() - 1) + "/values",
          name + (computed ? " is computed by @triton.heuristics, which Tunebench does "
                             "not run: these values are a guess"
                           : " has no default: these values are a guess"));
}

} // namespace tb
