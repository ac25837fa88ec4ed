#include "specchecker.h"

#include "backend/common/argumentexpressions.h"
#include "backend/common/expectedoutputfile.h"
#include "data/datafile.h"
#include "data/datafilename.h"
#include "data/elementexpression.h"
#include "model/gpusettingparameters.h"
#include "space/expression.h"
#include "space/searchspace.h"
#include "space/variables.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tb {

void SpecChecker::check()
{
    checkNameClashes();
    checkGpuSettings();
    checkExpressions();
    if (!gridIsSound())
        return;
    checkSearchSpace();
    checkReference();
    checkArgumentValues();
}

void SpecChecker::checkNameClashes()
{
    // Parameters become -D defines and expression variables: a size or argument of the same
    // name would be shadowed or break the kernel's source.
    for (std::size_t i = 0; i < m_spec.parameters.size(); ++i) {
        const std::string &name = m_spec.parameters[i].name;
        if (name.empty())
            continue;
        const std::string path = "/parameters/" + std::to_string(i) + "/name";
        for (const auto &sizeName : m_spec.sizes.names) {
            if (sizeName == name)
                m_reader.report(path, "'" + name + "' is also a problem-size variable");
        }
        for (std::size_t j = 0; j < m_spec.arguments.size(); ++j) {
            if (m_spec.arguments[j].name == name)
                m_reader.report(path, "'" + name + "' is also the name of argument /arguments/" +
                                          std::to_string(j));
        }
    }
}

// gpu_clock_mhz and power_limit_w are set through NVML, in whole MHz and watts; whether the GPU
// accepts a value is the bench worker's to say, once it knows the GPU.
void SpecChecker::checkGpuSettings()
{
    for (std::size_t i = 0; i < m_spec.parameters.size(); ++i) {
        const Parameter &parameter = m_spec.parameters[i];
        if (!isGpuSettingParameter(parameter.name))
            continue;
        const std::string path = "/parameters/" + std::to_string(i);
        if (m_spec.backend != BackendKind::Cuda) {
            m_reader.report(path + "/name", "'" + parameter.name +
                                                "' is a GPU setting: only a cuda or triton "
                                                "kernel can tune it");
            continue;
        }
        for (std::size_t v = 0; v < parameter.values.size(); ++v) {
            const double value = parameter.values[v];
            if (value < 1 || value > 100000 || std::floor(value) != value)
                m_reader.report(path + "/values/" + std::to_string(v),
                                "'" + parameter.name +
                                    "' takes whole numbers from 1 to "
                                    "100000, not " +
                                    formatValue(value));
        }
    }
}

void SpecChecker::checkExpressions()
{
    const auto names = configurationVariableNames(m_spec);
    for (std::size_t i = 0; i < m_spec.constraints.size(); ++i)
        compile(m_spec.constraints[i], names, "/constraints/" + std::to_string(i));
    for (std::size_t i = 0; i < m_spec.arguments.size(); ++i) {
        const auto &argument = m_spec.arguments[i];
        const std::string path = "/arguments/" + std::to_string(i);
        if (argument.hasElements())
            compile(argument.size, names, path + "/size");
        else
            compile(argument.value, names, path + "/value");
        if (argument.hasElements() && argument.init.kind == BufferInit::Kind::Expression)
            checkInitExpression(argument.init.expression, path + "/init/expression");
    }
    if (m_spec.launch) {
        for (std::size_t i = 0; i < m_spec.launch->grid.size(); ++i)
            compile(m_spec.launch->grid[i], names, "/launch/grid/" + std::to_string(i));
        for (std::size_t i = 0; i < m_spec.launch->block.size(); ++i)
            compile(m_spec.launch->block[i], names, "/launch/block/" + std::to_string(i));
        compile(m_spec.launch->dynamicSharedMemory, names, "/launch/shared_memory");
    }
    const auto metricNames = metricVariableNames(m_spec);
    for (std::size_t i = 0; i < m_spec.metrics.size(); ++i)
        compile(m_spec.metrics[i].expression, metricNames,
                "/metrics/" + std::to_string(i) + "/expression");
}

// An init expression reads the element index `i` and the size variables, nothing that varies
// with the configuration: a buffer's contents are the same for every configuration.
void SpecChecker::checkInitExpression(const std::string &text, const std::string &path)
{
    const auto &sizes = m_spec.sizes.names;
    if (std::find(sizes.begin(), sizes.end(), ElementExpression::kIndexVariable) != sizes.end()) {
        m_reader.report(path, "'i' is the element index here, and also a problem-size variable: "
                              "rename the size variable");
        return;
    }
    compile(text, ElementExpression::variableNames(sizes), path);
}

// Empty text means the reader already reported the field.
void SpecChecker::compile(const std::string &text, const std::vector<std::string> &names,
                          const std::string &path)
{
    if (text.empty())
        return;
    auto expression = Expression::compile(text, names);
    if (expression)
        return;
    const auto &error = expression.error();
    m_reader.report(path, error.detail.empty() ? error.message
                                               : error.message + " (" + error.detail + ")");
}

bool SpecChecker::gridIsSound() const
{
    return !m_spec.parameters.empty() && !m_spec.sizes.values.empty() &&
           !m_reader.hasIssueUnder("/parameters") && !m_reader.hasIssueUnder("/problem_sizes") &&
           !m_reader.hasIssueUnder("/constraints");
}

void SpecChecker::checkSearchSpace()
{
    const std::uint64_t raw = SearchSpace::rawCount(m_spec.parameters);
    if (raw > SearchSpace::kMaxRawCount) {
        m_reader.report("/parameters", "the parameter grid has " + std::to_string(raw) +
                                           " configurations, more than the limit of " +
                                           std::to_string(SearchSpace::kMaxRawCount));
        return;
    }
    for (std::size_t i = 0; i < m_spec.sizes.values.size(); ++i) {
        auto first = SearchSpace::findFirst(m_spec, i);
        if (!first)
            m_reader.report("/constraints", first.error().toString());
        else if (!first->has_value())
            m_reader.report("/constraints",
                            "the constraints reject every configuration for " + describeSize(i));
    }
}

void SpecChecker::checkReference()
{
    const auto &reference = m_spec.verification.reference;
    if (!reference || m_reader.hasIssueUnder("/verification/reference"))
        return;
    const auto names = configurationVariableNames(m_spec);
    const Configuration config{*reference};
    for (const auto &text : m_spec.constraints) {
        auto constraint = Expression::compile(text, names);
        if (!constraint)
            continue; // reported by checkExpressions()
        for (std::size_t i = 0; i < m_spec.sizes.values.size(); ++i) {
            const double value = constraint->evaluate(configurationValues(m_spec, config, i));
            if (value == 0.0 || std::isnan(value)) {
                m_reader.report("/verification/reference",
                                "the reference config violates the constraint '" + text + "' for " +
                                    describeSize(i));
                break; // one report per constraint is enough to act on
            }
        }
    }
}

// The configuration whose argument values stand for a size's: the reference, else the first
// valid one. Sizes and values rarely depend on parameters; when they do, this one is checked.
std::optional<Configuration> SpecChecker::representative(std::size_t sizeIndex) const
{
    if (m_spec.verification.reference && !m_reader.hasIssueUnder("/verification/reference"))
        return Configuration{*m_spec.verification.reference};
    auto first = SearchSpace::findFirst(m_spec, sizeIndex);
    return first ? *first : std::nullopt;
}

// Every buffer's size and scalar's value, evaluated for each problem size by the same rules the
// workers apply: a negative or 10^18-element buffer fails here, not in every configuration.
void SpecChecker::checkArgumentValues()
{
    if (m_reader.hasIssueUnder("/arguments") || m_reader.hasIssueUnder("/constraints"))
        return;
    const auto names = configurationVariableNames(m_spec);
    std::vector<std::optional<Configuration>> configs; // per size, found once
    for (std::size_t i = 0; i < m_spec.sizes.values.size(); ++i)
        configs.push_back(representative(i));
    for (std::size_t j = 0; j < m_spec.arguments.size(); ++j) {
        const Argument &argument = m_spec.arguments[j];
        const bool buffer = argument.hasElements();
        auto expression = Expression::compile(buffer ? argument.size : argument.value, names);
        if (!expression)
            continue;
        bool expectedFileReported = false; // one report per expected file too
        for (std::size_t i = 0; i < configs.size(); ++i) {
            if (!configs[i])
                continue;
            const double value = expression->evaluate(configurationValues(m_spec, *configs[i], i));
            std::array<unsigned char, 8> storage{};
            std::optional<EngineError> problem;
            std::string field = buffer ? "/size" : "/value";
            if (buffer) {
                auto count = bufferElementCount(argument, value);
                if (!count) {
                    problem = count.error();
                } else if (auto fileProblem = dataFileProblem(argument, *count, i)) {
                    problem = std::move(fileProblem);
                    field = "/init/file";
                } else if (auto expectedProblem = expectedFileProblem(argument, *count, i);
                           expectedProblem && !expectedFileReported) {
                    m_reader.report("/verification/expected/" + argument.name + "/file",
                                    expectedProblem->message + " for " + describeSize(i));
                    expectedFileReported = true;
                }
            } else if (auto encoded = encodeScalar(argument, value, storage); !encoded) {
                problem = encoded.error();
            }
            if (problem) {
                m_reader.report("/arguments/" + std::to_string(j) + field,
                                problem->message + " for " + describeSize(i));
                break; // one report per argument
            }
        }
    }
}

// A data file that is missing or cannot serve `count` elements of the argument, found here and
// not in a worker: the file is mapped and its header read, its data not touched.
std::optional<EngineError> SpecChecker::dataFileProblem(const Argument &argument,
                                                        std::uint64_t count,
                                                        std::size_t sizeIndex) const
{
    if (argument.init.kind != BufferInit::Kind::File || argument.init.file.empty())
        return std::nullopt;
    auto path = DataFileName::resolve(argument.init.file, m_spec, sizeIndex);
    if (!path)
        return path.error();
    auto file = DataFile::open(*path, argument, count);
    if (!file)
        return file.error();
    return std::nullopt;
}

// The file an output is compared with, checked as its input files are: found, of the output's
// type and `count` elements.
std::optional<EngineError> SpecChecker::expectedFileProblem(const Argument &argument,
                                                            std::uint64_t count,
                                                            std::size_t sizeIndex) const
{
    if (!argument.output || m_reader.hasIssueUnder("/verification/expected"))
        return std::nullopt;
    auto file = openExpectedOutputFile(m_spec, argument.name, count, sizeIndex);
    if (!file)
        return file.error();
    return std::nullopt;
}

std::string SpecChecker::describeSize(std::size_t sizeIndex) const
{
    std::string text = "problem size " + std::to_string(sizeIndex) + " (";
    const auto &row = m_spec.sizes.values[sizeIndex];
    for (std::size_t k = 0; k < m_spec.sizes.names.size(); ++k)
        text += (k ? ", " : "") + m_spec.sizes.names[k] + "=" + formatValue(row[k]);
    return text + ")";
}

} // namespace tb
