#include "hostloadobserver.h"

#include "monotonicseconds.h"

#include "model/resultfigure.h"

namespace tb {

HostLoadObserver::HostLoadObserver()
{
    m_history.push_back(readMachine());
}

std::span<const std::string_view> HostLoadObserver::figureKeys() const
{
    static constexpr std::string_view kKeys[] = {figures::kOtherCpuLoad, figures::kCpuPressure,
                                                 figures::kCpuWait};
    return kKeys;
}

HostLoadObserver::MachineReading HostLoadObserver::readMachine()
{
    MachineReading reading;
    reading.seconds = monotonicSeconds();
    reading.load = HostLoad::read();
    reading.pressure = CpuPressure::read();
    return reading;
}

void HostLoadObserver::beforeMeasurement()
{
    m_history.push_back(readMachine());
    m_waitBefore = CpuWait::read();
}

// The newest reading at least HostLoad's shortest window before `now`, else the oldest; older
// ones are dropped, as a later window never reaches further back.
const HostLoadObserver::MachineReading &HostLoadObserver::windowStart(double now)
{
    while (m_history.size() > 1 && now - m_history[1].seconds >= HostLoad::kShortestWindowSeconds)
        m_history.pop_front();
    return m_history.front();
}

void HostLoadObserver::afterMeasurement(Result &result)
{
    if (const auto after = CpuWait::read(); m_waitBefore && after)
        result.resources[figures::kCpuWait] = after->shareSince(*m_waitBefore);
    const MachineReading now = readMachine();
    const MachineReading &start = windowStart(now.seconds);
    if (start.load && now.load)
        if (const auto busy = now.load->otherCpusBusySince(*start.load))
            result.resources[figures::kOtherCpuLoad] = *busy;
    if (start.pressure && now.pressure)
        if (const auto share = now.pressure->shareSince(*start.pressure))
            result.resources[figures::kCpuPressure] = *share;
    m_history.push_back(now);
}

} // namespace tb
