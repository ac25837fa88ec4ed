#include "parametereffectdata.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace tb {

namespace {

// Fixed per configuration (not random per draw), so a point never hops between redraws.
float jitterFor(const std::string &configKey)
{
    const std::size_t hash = std::hash<std::string>{}(configKey);
    return float(double(hash % 1001) / 1000.0 * 0.4 - 0.2);
}

} // namespace

void ParameterEffectData::clear()
{
    *this = ParameterEffectData();
}

std::vector<int> ParameterEffectData::add(const ResultEvent &event)
{
    if (event.result.status != ResultStatus::Ok || !std::isfinite(event.objective))
        return {};
    if (m_parameterCount < 0) {
        m_parameterCount = int(event.config.values.size());
        m_distinct.resize(std::size_t(m_parameterCount));
    }
    std::vector<int> grown;
    for (int parameter = 0; parameter < m_parameterCount; ++parameter) {
        const double value = std::size_t(parameter) < event.config.values.size()
                                 ? event.config.values[std::size_t(parameter)]
                                 : std::numeric_limits<double>::quiet_NaN();
        m_values.push_back(value);
        std::vector<double> &distinct = m_distinct[std::size_t(parameter)];
        const auto at = std::lower_bound(distinct.begin(), distinct.end(), value);
        if (std::isfinite(value) && (at == distinct.end() || *at != value)) {
            distinct.insert(at, value);
            grown.push_back(parameter);
        }
    }
    m_sizes.push_back(event.sizeIndex);
    m_objectives.push_back(event.objective);
    m_jitter.push_back(jitterFor(event.configKey));
    m_keys += event.configKey;
    m_keyEnds.push_back(m_keys.size());
    ++m_countPerSize[event.sizeIndex];
    return grown;
}

double ParameterEffectData::value(int row, int parameter) const
{
    if (parameter < 0 || parameter >= m_parameterCount)
        return std::numeric_limits<double>::quiet_NaN();
    return m_values[std::size_t(row) * std::size_t(m_parameterCount) + std::size_t(parameter)];
}

std::string_view ParameterEffectData::configKey(int row) const
{
    const std::size_t end = m_keyEnds[std::size_t(row)];
    const std::size_t begin = row > 0 ? m_keyEnds[std::size_t(row) - 1] : 0;
    return std::string_view(m_keys).substr(begin, end - begin);
}

const std::vector<double> &ParameterEffectData::distinctValues(int parameter) const
{
    static const std::vector<double> none;
    return parameter >= 0 && parameter < m_parameterCount ? m_distinct[std::size_t(parameter)]
                                                          : none;
}

int ParameterEffectData::category(int parameter, double value) const
{
    const std::vector<double> &distinct = distinctValues(parameter);
    const auto at = std::lower_bound(distinct.begin(), distinct.end(), value);
    return at != distinct.end() && *at == value ? int(at - distinct.begin()) : -1;
}

} // namespace tb
