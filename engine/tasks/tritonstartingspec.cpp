#include "tritonstartingspec.h"

#include "model/parameter.h"
#include "model/tritonkernel.h"
#include "space/listedconfigurations.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <set>

namespace tb {

namespace {

using Json = nlohmann::ordered_json;

// The values a constexpr that neither a default nor a configuration gives gets: block sizes
// Triton's dot and arange accept, to be checked.
const std::vector<double> kGuessedConstexprValues{16, 32, 64, 128};

// One tunable parameter with its value in each autotune configuration (or its values).
struct Column
{
    std::string name;
    std::vector<double> values;
};

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

bool contains(const std::string &text, const char *part)
{
    return text.find(part) != std::string::npos;
}

std::string annotationOf(const nlohmann::json &param)
{
    return lower(param.value("annotation", std::string()));
}

// Triton's own test: an annotation naming a pointer; else the name's convention (a_ptr).
bool isPointer(const nlohmann::json &param)
{
    const std::string annotation = annotationOf(param);
    return contains(annotation, "pointer") || contains(annotation, "ptr") ||
           lower(param.at("name").get<std::string>()).ends_with("ptr");
}

bool isConstexpr(const nlohmann::json &param)
{
    return param.value("constexpr", false);
}

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

class Draft
{
public:
    Draft(const nlohmann::json &inspect, std::string entry, std::string source)
        : m_params(inspect.at("params")), m_autotune(inspect.value("autotune", nlohmann::json())),
          m_heuristics(inspect.value("heuristics", nlohmann::json::array())),
          m_entry(std::move(entry)), m_source(std::move(source))
    {}

    StartingSpec build()
    {
        Json &doc = m_spec.document;
        doc["tunebench_spec"] = 1;
        doc["name"] = m_entry;
        doc["backend"] = "cuda";
        doc["kernel"] = {{"source", m_source}, {"entry", m_entry}, {"language", "triton"}};
        if (m_autotune.is_object()) {
            addAutotuneParameters();
            addUnlistedConstexprs();
        } else {
            addDefaultParameters();
        }
        writeParameters();
        addProblemSize();
        doc["launch"] = {{"grid", {"1"}}};
        guess("/launch/grid", "one program: give the grid the kernel's caller launches, e.g. "
                              "[\"ceil_div(N, BLOCK_SIZE)\"]");
        addArguments();
        doc["verification"] = {{"reference", m_reference}, {"rtol", 1e-3}, {"atol", 1e-5}};
        guess("/verification/rtol", "the tolerances of the output comparison are a guess");
        sortGuesses();
        return std::move(m_spec);
    }

private:
    // In document order, as the user reads the spec: by top-level field, then by index.
    void sortGuesses()
    {
        std::vector<std::string> fields;
        for (const auto &[key, value] : m_spec.document.items())
            fields.push_back(key);
        auto rank = [&fields](const std::string &pointer) {
            const std::size_t end = pointer.find('/', 1);
            const std::string field = pointer.substr(1, end == std::string::npos ? end : end - 1);
            const auto found = std::find(fields.begin(), fields.end(), field);
            long index = -1;
            if (end != std::string::npos &&
                std::isdigit(static_cast<unsigned char>(pointer[end + 1])))
                index = std::stol(pointer.substr(end + 1));
            return std::pair{found - fields.begin(), index};
        };
        std::stable_sort(m_spec.toCheck.begin(), m_spec.toCheck.end(),
                         [&](const SpecGuess &a, const SpecGuess &b) {
                             return rank(a.pointer) < rank(b.pointer);
                         });
    }

    void guess(std::string pointer, std::string why)
    {
        m_spec.toCheck.push_back({std::move(pointer), std::move(why)});
    }

    const nlohmann::json *param(const std::string &name) const
    {
        for (const auto &item : m_params)
            if (item.at("name") == name)
                return &item;
        return nullptr;
    }

    bool isTunable(const std::string &name) const
    {
        return std::any_of(m_columns.begin(), m_columns.end(),
                           [&](const Column &column) { return column.name == name; });
    }

    // The configurations' kwarg names: the kernel's own in its order, then any others.
    std::vector<std::string> kwargNames() const
    {
        std::set<std::string> given;
        for (const auto &config : m_autotune.at("configs"))
            for (const auto &[name, value] : config.at("kwargs").items())
                given.insert(name);
        std::vector<std::string> names;
        for (const auto &item : m_params)
            if (given.erase(item.at("name").get<std::string>()))
                names.push_back(item.at("name").get<std::string>());
        names.insert(names.end(), given.begin(), given.end());
        return names;
    }

    // A kwarg's value in each configuration; a configuration without it has the kernel's
    // default. False (and a note) when a value is not a number.
    bool kwargColumn(const std::string &name, Column &column)
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
    Column optionColumn(const char *name, double fallback) const
    {
        Column column{name, {}};
        for (const auto &config : m_autotune.at("configs")) {
            const auto value = config.value(name, nlohmann::json());
            column.values.push_back(isNumber(value) ? value.get<double>() : fallback);
        }
        return column;
    }

    void addAutotuneParameters()
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
    void addMaxnreg()
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

    void addDefaultParameters()
    {
        for (const auto &item : m_params) {
            if (!isConstexpr(item))
                continue;
            const std::string name = item.at("name").get<std::string>();
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
    void addUnlistedConstexprs()
    {
        for (const auto &item : m_params)
            if (isConstexpr(item) && !item.value("has_default", false) &&
                !isTunable(item.at("name").get<std::string>()))
                addGuessedConstexpr(item);
    }

    void addGuessedConstexpr(const nlohmann::json &item)
    {
        const std::string name = item.at("name").get<std::string>();
        m_columns.push_back({name, kGuessedConstexprValues});
        const bool computed =
            std::find(m_heuristics.begin(), m_heuristics.end(), name) != m_heuristics.end();
        guess("/parameters/" + std::to_string(m_columns.size() - 1) + "/values",
              name + (computed ? " is computed by @triton.heuristics, which Tunebench does "
                                 "not run: these values are a guess"
                               : " has no default: these values are a guess"));
    }

    void writeParameters()
    {
        Json parameters = Json::array();
        for (const Column &column : m_columns) {
            Json values = Json::array();
            for (double value : std::set<double>(column.values.begin(), column.values.end()))
                values.push_back(specNumber(value));
            parameters.push_back({{"name", column.name}, {"values", std::move(values)}});
            m_reference[column.name] = specNumber(column.values.front());
        }
        m_spec.document["parameters"] = std::move(parameters);
        if (!m_constraints.empty())
            m_spec.document["constraints"] = m_constraints;
    }

    // The key's variables (those that are not also tunable), else one "N".
    void addProblemSize()
    {
        if (m_autotune.is_object())
            for (const auto &name : m_autotune.value("key", nlohmann::json::array()))
                if (!isTunable(name.get<std::string>()))
                    m_sizes.push_back(name.get<std::string>());
        if (m_sizes.empty())
            m_sizes.push_back(isTunable("N") ? "SIZE" : "N");
        // Buffers are the product of every size: 1024^3 elements would not fit.
        const int value = m_sizes.size() <= 2 ? 1024 : 256;
        Json size = Json::object();
        for (const std::string &name : m_sizes) {
            size[name] = value;
            guess("/problem_sizes/0/" + name, "the size to tune for is a guess");
        }
        m_spec.document["problem_sizes"] = Json::array({size});
    }

    std::string allSizes() const
    {
        std::string product;
        for (const std::string &name : m_sizes)
            product += (product.empty() ? "" : " * ") + name;
        return product;
    }

    bool isSize(const std::string &name) const
    {
        return std::find(m_sizes.begin(), m_sizes.end(), name) != m_sizes.end();
    }

    void addArguments()
    {
        Json arguments = Json::array();
        std::vector<std::size_t> buffers;
        for (const auto &item : m_params) {
            if (isConstexpr(item))
                continue;
            const std::string pointer = "/arguments/" + std::to_string(arguments.size());
            if (isPointer(item)) {
                buffers.push_back(arguments.size());
                arguments.push_back(buffer(item, pointer, buffers.size()));
            } else {
                arguments.push_back(scalar(item, pointer));
            }
        }
        markOutputs(arguments, buffers);
        m_spec.document["arguments"] = std::move(arguments);
    }

    Json buffer(const nlohmann::json &item, const std::string &pointer, std::size_t seed)
    {
        guess(pointer + "/type", "float32 is a guess: the source does not say what " +
                                     item.at("name").get<std::string>() + " points to");
        guess(pointer + "/size", "a guess: the product of the sizes, enough for a kernel "
                                 "over them");
        return {{"name", item.at("name")},
                {"kind", "buffer"},
                {"type", "float32"},
                {"size", allSizes()},
                {"init", {{"random", {{"seed", seed}, {"min", -1}, {"max", 1}}}}}};
    }

    Json scalar(const nlohmann::json &item, const std::string &pointer)
    {
        const std::string name = item.at("name").get<std::string>();
        const std::string annotation = annotationOf(item);
        const bool real = contains(annotation, "float") || contains(annotation, "fp");
        std::string value = name;
        if (!isSize(name)) {
            value = real || contains(lower(name), "stride") ? "1" : m_sizes.front();
            guess(pointer + "/value", "a guess: " + name + " is not in the autotune key");
        }
        return {{"name", name},
                {"kind", "scalar"},
                {"type", real ? "float32" : "int32"},
                {"value", value}};
    }

    // The buffers named like an output (out_ptr, output), else the last one, are compared
    // against the reference; they start at zero.
    void markOutputs(Json &arguments, const std::vector<std::size_t> &buffers)
    {
        std::vector<std::size_t> outputs;
        for (std::size_t index : buffers)
            if (contains(lower(arguments[index]["name"].get<std::string>()), "out"))
                outputs.push_back(index);
        if (outputs.empty() && !buffers.empty())
            outputs.push_back(buffers.back());
        for (std::size_t index : outputs) {
            Json &argument = arguments[index];
            argument.erase("init");
            argument["output"] = true;
            guess("/arguments/" + std::to_string(index) + "/output",
                  "a guess: which buffers the kernel writes (named like an output, else the "
                  "last)");
        }
    }

    const nlohmann::json &m_params;
    nlohmann::json m_autotune;
    nlohmann::json m_heuristics;
    std::string m_entry;
    std::string m_source;
    StartingSpec m_spec;
    std::vector<Column> m_columns;
    std::vector<std::string> m_constraints;
    std::vector<std::string> m_sizes;
    Json m_reference = Json::object();
};

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
        return Draft(inspect, entry, source).build();
    } catch (const nlohmann::json::exception &exception) {
        return makeError(EngineError::Code::BackendError,
                         "Triton's helper described the kernel in an unknown form",
                         exception.what());
    }
}

} // namespace tb
