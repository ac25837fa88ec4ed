#include "parametereffectdata.h"

#include "model/resultfigure.h"
#include "models/resultrowtext.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <optional>

namespace tb {

namespace {

// Fixed per configuration (not random per draw), so a point never hops between redraws.
float jitterFor(const std::string &configKey)
{
    const std::size_t hash = std::hash<std::string>{}(configKey);
    return float(double(hash % 1001) / 1000.0 * 0.4 - 0.2);
}

// A resource figure as the Results table reads it (resultrow::sumOf); NaN when not reported.
double resourceValue(const Result &result, ParameterEffectData::Resource resource)
{
    std::optional<double> value;
    switch (resource) {
    case ParameterEffectData::Registers:
        value = result.resource(figures::kRegisters);
        break;
    case ParameterEffectData::Spills:
        value = resultrow::sumOf(result, {figures::kSpillStores, figures::kSpillLoads});
        break;
    case ParameterEffectData::SharedMemory:
        value = resultrow::sumOf(result, {figures::kStaticShared, figures::kDynamicShared});
        break;
    case ParameterEffectData::Occupancy: // a fraction: per cent reads better on an axis
        if (const auto fraction = result.resource(figures::kOccupancy))
            value = *fraction * 100;
        break;
    case ParameterEffectData::ResourceCount:
        break;
    }
    return value.value_or(std::numeric_limits<double>::quiet_NaN());
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
        m_distinct.resize(std::size_t(channelCount()));
    }
    std::vector<int> grown;
    for (int parameter = 0; parameter < m_parameterCount; ++parameter)
        addValue(parameter,
                 std::size_t(parameter) < event.config.values.size()
                     ? event.config.values[std::size_t(parameter)]
                     : std::numeric_limits<double>::quiet_NaN(),
                 grown);
    for (int resource = 0; resource < ResourceCount; ++resource)
        addValue(resourceChannel(Resource(resource)),
                 resourceValue(event.result, Resource(resource)), grown);
    m_sizes.push_back(event.sizeIndex);
    m_objectives.push_back(event.objective);
    m_jitter.push_back(jitterFor(event.configKey));
    m_keys += event.configKey;
    m_keyEnds.push_back(m_keys.size());
    ++m_countPerSize[event.sizeIndex];
    return grown;
}

void ParameterEffectData::addValue(int channel, double value, std::vector<int> &grown)
{
    m_values.push_back(value);
    std::vector<double> &distinct = m_distinct[std::size_t(channel)];
    const auto at = std::lower_bound(distinct.begin(), distinct.end(), value);
    if (std::isfinite(value) && (at == distinct.end() || *at != value)) {
        distinct.insert(at, value);
        grown.push_back(channel);
    }
}

double ParameterEffectData::value(int row, int channel) const
{
    if (channel < 0 || channel >= channelCount())
        return std::numeric_limits<double>::quiet_NaN();
    return m_values[std::size_t(row) * std::size_t(channelCount()) + std::size_t(channel)];
}

std::string_view ParameterEffectData::configKey(int row) const
{
    const std::size_t end = m_keyEnds[std::size_t(row)];
    const std::size_t begin = row > 0 ? m_keyEnds[std::size_t(row) - 1] : 0;
    return std::string_view(m_keys).substr(begin, end - begin);
}

const std::vector<double> &ParameterEffectData::distinctValues(int channel) const
{
    static const std::vector<double> none;
    return channel >= 0 && channel < channelCount() ? m_distinct[std::size_t(channel)] : none;
}

int ParameterEffectData::category(int channel, double value) const
{
    const std::vector<double> &distinct = distinctValues(channel);
    const auto at = std::lower_bound(distinct.begin(), distinct.end(), value);
    return at != distinct.end() && *at == value ? int(at - distinct.begin()) : -1;
}

} // namespace tb
