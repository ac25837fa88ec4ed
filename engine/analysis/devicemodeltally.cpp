#include "devicemodeltally.h"

#include <algorithm>

namespace tb {

void DeviceModelTally::add(const std::string &device)
{
    if (device.empty()) {
        ++m_unmeasured;
        return;
    }
    // A run names few models (the node types of a cluster): a search beats a map here.
    auto known = std::find_if(m_models.begin(), m_models.end(),
                              [&](const Model &model) { return model.device == device; });
    if (known == m_models.end())
        m_models.push_back({device, 1});
    else
        ++known->results;
}

void DeviceModelTally::clear()
{
    m_models.clear();
    m_unmeasured = 0;
}

std::string DeviceModelTally::mostMeasured() const
{
    const Model *most = nullptr;
    for (const Model &model : m_models)
        if (!most || model.results > most->results)
            most = &model;
    return most ? most->device : std::string();
}

bool DeviceModelTally::rankedTogether(const std::string &device, const std::string &chosen) const
{
    return !mixed() || device == chosen;
}

} // namespace tb
