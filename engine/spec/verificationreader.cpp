#include "verificationreader.h"

#include "model/parameter.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace tb {

void VerificationReader::read(const Json &verification, const std::string &path)
{
    if (!m_reader.object(verification, path, {"reference", "rtol", "atol"}))
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
