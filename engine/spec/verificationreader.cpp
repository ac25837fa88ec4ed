#include "verificationreader.h"

#include "model/parameter.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace tb {

void VerificationReader::read(const Json &verification, const std::string &path)
{
    if (!m_reader.object(verification, path, {"reference", "rtol", "atol", "expected"}))
        return;
    if (auto *reference = m_reader.member(verification, path, "reference"))
        readReference(*reference, JsonReader::child(path, "reference"));
    for (auto [key, target] : {std::pair{"rtol", &m_spec.verification.rtol},
                               std::pair{"atol", &m_spec.verification.atol}}) {
        auto value = m_reader.number(verification, path, key);
        if (value && *value < 0)
            m_reader.report(JsonReader::child(path, key), "must not be negative");
        else if (value)
            *target = *value;
    }
    if (auto *expected = m_reader.member(verification, path, "expected"))
        readExpected(*expected, JsonReader::child(path, "expected"),
                     verification.contains("reference"));
}

// {"output name": {"rtol", "atol", "max_mismatches", "file"}}: one entry per output buffer.
void VerificationReader::readExpected(const Json &expected, const std::string &path,
                                      bool hasReference)
{
    if (!expected.is_object()) {
        m_reader.object(expected, path, {});
        return;
    }
    for (const auto &item : expected.items()) {
        const std::string &name = item.key();
        const std::string entryPath = JsonReader::child(path, name);
        if (!checkOutputName(name, entryPath))
            continue;
        if (!m_reader.object(item.value(), entryPath, {"rtol", "atol", "max_mismatches", "file"}))
            continue;
        ExpectedOutput entry = readExpectedOutput(item.value(), entryPath);
        entry.output = name;
        if (entry.file.empty() && !hasReference)
            m_reader.report(entryPath, "output '" + name +
                                           "' is compared with the reference configuration, "
                                           "but the section gives no \"reference\"");
        m_spec.verification.expected.push_back(std::move(entry));
    }
}

ExpectedOutput VerificationReader::readExpectedOutput(const Json &entry, const std::string &path)
{
    ExpectedOutput expected;
    for (auto [key, target] :
         {std::pair{"rtol", &expected.rtol}, std::pair{"atol", &expected.atol}}) {
        auto value = m_reader.number(entry, path, key);
        if (value && *value < 0)
            m_reader.report(JsonReader::child(path, key), "must not be negative");
        else if (value)
            *target = *value;
    }
    if (auto allowance = m_reader.number(entry, path, "max_mismatches"))
        readAllowance(*allowance, JsonReader::child(path, "max_mismatches"),
                      expected.maxMismatches);
    if (auto file = m_reader.text(entry, path, "file"))
        expected.file = *file;
    return expected;
}

void VerificationReader::readAllowance(double value, const std::string &path,
                                       MismatchAllowance &allowance)
{
    if (value < 0)
        m_reader.report(path, "must not be negative");
    else if (value >= 1 && value != std::floor(value))
        m_reader.report(path, "must be a count (a whole number) or a fraction below 1, not " +
                                  formatValue(value));
    else
        allowance.value = value;
}

// An entry names an output buffer: an argument with "output": true.
bool VerificationReader::checkOutputName(const std::string &name, const std::string &path)
{
    const auto &arguments = m_spec.arguments;
    auto found = std::find_if(arguments.begin(), arguments.end(),
                              [&name](const Argument &argument) { return argument.name == name; });
    if (found == arguments.end()) {
        m_reader.report(path, "unknown output '" + name + "': no argument has that name");
        return false;
    }
    if (!found->output) {
        m_reader.report(path, "argument '" + name +
                                  "' is not an output: only a buffer with \"output\": true is "
                                  "compared");
        return false;
    }
    return true;
}

// The reference config as {"name": value}: converted to a values vector in parameter order.
void VerificationReader::readReference(const Json &reference, const std::string &path)
{
    if (!reference.is_object()) {
        m_reader.object(reference, path, {});
        return;
    }
    std::vector<double> values(m_spec.parameters.size(), 0.0);
    for (std::size_t k = 0; k < m_spec.parameters.size(); ++k) {
        const auto &parameter = m_spec.parameters[k];
        if (parameter.name.empty())
            continue; // already reported under /parameters
        if (!reference.contains(parameter.name)) {
            m_reader.report(path, "missing value for parameter '" + parameter.name + "'");
            continue;
        }
        const std::string valuePath = JsonReader::child(path, parameter.name);
        auto value = m_reader.number(reference[parameter.name], valuePath);
        if (!value)
            continue;
        values[k] = *value;
        const auto &allowed = parameter.values;
        if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), *value) == allowed.end())
            m_reader.report(valuePath, "value " + formatValue(*value) +
                                           " is not among the values of '" + parameter.name + "'");
    }
    for (const auto &item : reference.items()) {
        // Not a structured binding: clang 14 (the sanitizer builds) cannot capture one.
        const std::string &key = item.key();
        auto named = [&key](const Parameter &p) { return p.name == key; };
        if (std::none_of(m_spec.parameters.begin(), m_spec.parameters.end(), named))
            m_reader.report(JsonReader::child(path, key), "unknown parameter '" + key + "'");
    }
    m_spec.verification.reference = std::move(values);
}

} // namespace tb
