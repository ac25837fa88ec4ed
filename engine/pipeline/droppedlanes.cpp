#include "droppedlanes.h"

namespace tb {

void DroppedLanes::setLaneCount(std::size_t lanes)
{
    m_reasons.resize(lanes);
}

bool DroppedLanes::forGood(std::size_t lane) const
{
    return lane < m_reasons.size() && !m_reasons[lane].empty();
}

std::string DroppedLanes::reason(std::size_t lane) const
{
    return lane < m_reasons.size() ? m_reasons[lane] : std::string();
}

void DroppedLanes::drop(std::size_t lane, std::string reason)
{
    if (lane < m_reasons.size())
        m_reasons[lane] = std::move(reason);
}

std::vector<std::size_t> DroppedLanes::dropFailedStarts(const std::vector<LaneStart> &starts)
{
    std::vector<std::size_t> dropped;
    for (const auto &[lane, error] : starts) {
        if (!error || lane >= m_reasons.size())
            continue;
        const std::string detail = error->detail.substr(error->detail.rfind('\n') + 1);
        m_reasons[lane] = error->message + (detail.empty() ? "" : ": " + detail);
        dropped.push_back(lane);
    }
    return dropped;
}

Status DroppedLanes::anyLeft(const std::vector<LaneStart> &starts) const
{
    for (std::size_t lane = 0; lane < m_reasons.size(); ++lane)
        if (!forGood(lane))
            return ok();
    for (const auto &[lane, error] : starts) // none is left: the first error says why
        if (error)
            return *error;
    return makeError(EngineError::Code::WorkerError, "every measuring location was dropped",
                     firstReason());
}

std::string DroppedLanes::firstReason() const
{
    return m_reasons.empty() ? std::string() : m_reasons.front();
}

} // namespace tb
