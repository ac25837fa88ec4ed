#include "hostloadobserver.h"

#include "model/resultfigure.h"

namespace tb {

std::span<const std::string_view> HostLoadObserver::figureKeys() const
{
    static constexpr std::string_view kKeys[] = {figures::kOtherCpuLoad, figures::kCpuPressure,
                                                 figures::kCpuWait};
    return kKeys;
}

void HostLoadObserver::beforeMeasurement()
{
    m_before = HostLoad::read();
    m_pressureBefore = CpuPressure::read();
    m_waitBefore = CpuWait::read();
}

void HostLoadObserver::afterMeasurement(Result &result)
{
    if (const auto after = HostLoad::read(); m_before && after)
        result.resources[figures::kOtherCpuLoad] = after->otherCpusBusySince(*m_before);
    if (const auto after = CpuPressure::read(); m_pressureBefore && after)
        if (const auto share = after->shareSince(*m_pressureBefore))
            result.resources[figures::kCpuPressure] = *share;
    if (const auto after = CpuWait::read(); m_waitBefore && after)
        result.resources[figures::kCpuWait] = after->shareSince(*m_waitBefore);
}

} // namespace tb
