#include "recordedspace.h"

#include <algorithm>

namespace tb {

std::size_t RecordedSpace::failureCount() const
{
    return static_cast<std::size_t>(
        std::count_if(configurations.begin(), configurations.end(),
                      [](const RecordedConfiguration &recorded) { return recorded.failed(); }));
}

Expected<SearchSpace> RecordedSpace::searchSpace() const
{
    std::vector<Configuration> points;
    points.reserve(configurations.size());
    for (const auto &recorded : configurations)
        points.push_back(recorded.configuration);
    return SearchSpace::fromPoints(parameters, points);
}

} // namespace tb
