#include "variables.h"

#include <cassert>

namespace tb {

std::vector<std::string> configurationVariableNames(const Spec &spec)
{
    std::vector<std::string> names;
    names.reserve(spec.parameters.size() + spec.sizes.names.size());
    for (const auto &parameter : spec.parameters)
        names.push_back(parameter.name);
    for (const auto &name : spec.sizes.names)
        names.push_back(name);
    return names;
}

std::vector<double> configurationValues(const Spec &spec, const Configuration &config,
                                        std::size_t sizeIndex)
{
    assert(config.values.size() == spec.parameters.size());
    std::vector<double> values = config.values;
    if (sizeIndex < spec.sizes.values.size()) {
        const auto &row = spec.sizes.values[sizeIndex];
        values.insert(values.end(), row.begin(), row.end());
    }
    return values;
}

std::string problemSizeList(const Spec &spec)
{
    std::string list;
    const std::size_t count = spec.sizes.values.empty() ? 1 : spec.sizes.values.size();
    for (std::size_t i = 0; i < count; ++i) {
        const std::string label = problemSizeLabel(spec, i);
        list += (i ? ", " : "") + std::to_string(i) + (label.empty() ? "" : ": " + label);
    }
    return list;
}

std::string problemSizeLabel(const Spec &spec, std::size_t sizeIndex)
{
    std::string label;
    for (std::size_t n = 0; n < spec.sizes.names.size(); ++n)
        label += (n ? "," : "") + spec.sizes.names[n] + "=" +
                 formatValue(spec.sizes.values.at(sizeIndex).at(n));
    return label;
}

std::vector<std::string> metricVariableNames(const Spec &spec)
{
    auto names = configurationVariableNames(spec);
    names.push_back(kTimeVariable);
    names.push_back(kEnergyVariable);
    return names;
}

std::string referenceLabel(const Spec &spec)
{
    return "the reference configuration " +
           Configuration{*spec.verification.reference}.key(spec.parameters);
}

} // namespace tb
