#include "benchlaneplacement.h"

namespace tb {

// A bench worker keeps the argument buffers of the problem size it measured last; another
// size rebuilds them (host fill, upload: ~0.3 s for the SGEMM example's 4096^2 matrices). So
// each lane takes the oldest waiting configuration of its current size first.
BenchLanePlacement::Choice BenchLanePlacement::next(std::size_t lane,
                                                    const std::vector<Lane> &lanes,
                                                    const std::vector<Waiting> &line) const
{
    const std::optional<std::size_t> lastSize =
        lane < m_lastSize.size() ? m_lastSize[lane] : std::nullopt;
    if (lastSize)
        for (std::size_t i = 0; i < line.size(); ++i)
            if (line[i].sizeIndex == *lastSize && mayTake(lane, lanes, line[i]))
                return {i, "the oldest of the size whose buffers the lane holds"};
    for (std::size_t i = 0; i < line.size(); ++i)
        if (mayTake(lane, lanes, line[i]))
            return {i, "the oldest the lane may take"};
    return {std::nullopt, line.empty() ? "nothing waits"
                                       : "each one waiting is pinned to or avoids another lane"};
}

void BenchLanePlacement::taken(std::size_t lane, std::size_t sizeIndex)
{
    if (lane >= m_lastSize.size())
        m_lastSize.resize(lane + 1);
    m_lastSize[lane] = sizeIndex;
}

bool BenchLanePlacement::mayTake(std::size_t lane, const std::vector<Lane> &lanes,
                                 const Waiting &waiting)
{
    return (!waiting.pinnedLane || laneOfPinned(*waiting.pinnedLane, lanes) == lane) &&
           !avoids(lane, lanes, waiting);
}

// A finalist pinned to a lane that is gone (its location dropped, or its worker not started
// for this round) goes to the first lane still there: waiting for the gone one would hang the
// run, and one lane for all of them keeps a size's finalists on one GPU.
std::size_t BenchLanePlacement::laneOfPinned(std::size_t pinned, const std::vector<Lane> &lanes)
{
    if (pinned >= lanes.size() || !lanes[pinned].dropped)
        return pinned;
    for (std::size_t other = 0; other < lanes.size(); ++other)
        if (!lanes[other].dropped)
            return other;
    return pinned;
}

// A lost configuration goes to another lane while one is alive: the lane that lost it may be
// losing every worker (a failing node), and a second loss would count against the
// configuration. With no other lane alive it takes what there is.
bool BenchLanePlacement::avoids(std::size_t lane, const std::vector<Lane> &lanes,
                                const Waiting &waiting)
{
    if (waiting.lostOnLane != lane)
        return false;
    for (std::size_t other = 0; other < lanes.size(); ++other)
        if (other != lane && lanes[other].live)
            return true;
    return false;
}

} // namespace tb
