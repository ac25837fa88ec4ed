#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tb {

// Which compiled configuration waiting in line a bench lane (one measuring worker per GPU; one
// for the CPU) takes next. No I/O: the pipeline hands in what its supervisors say of each lane
// and the line; the placement keeps only what it decided itself, the size each lane measured
// last. The rules, in order:
// - a pinned configuration (a finalist) goes to its lane only, or while that lane is dropped,
//   to the first lane still there: one lane for a size's finalists keeps them on one GPU;
// - a configuration whose worker was lost avoids the lane that lost it while another is alive;
// - a lane takes the oldest of the size it measured last first, else the oldest it may take.
class BenchLanePlacement
{
public:
    // What the supervisors say of a lane now.
    struct Lane
    {
        bool dropped = false; // given up on (its location, or its supervisor's restarts)
        bool live = true;     // has a worker that has not given up restarting
    };
    // A configuration in line.
    struct Waiting
    {
        std::size_t sizeIndex = 0;
        std::optional<std::size_t> pinnedLane;
        std::optional<std::size_t> lostOnLane;
    };
    // The answer, with its reason.
    struct Choice
    {
        std::optional<std::size_t> waiting; // index into the line; nullopt: none for this lane
        std::string reason;
    };

    // The lanes of the bench workers now running; new ones (a round's restart) hold no size.
    void setLaneCount(std::size_t lanes) { m_lastSize.resize(lanes); }
    void clear() { m_lastSize.clear(); }

    Choice next(std::size_t lane, const std::vector<Lane> &lanes,
                const std::vector<Waiting> &line) const;
    // The lane took a configuration of `sizeIndex`: it keeps that size's argument buffers.
    void taken(std::size_t lane, std::size_t sizeIndex);

    static bool mayTake(std::size_t lane, const std::vector<Lane> &lanes, const Waiting &waiting);
    static std::size_t laneOfPinned(std::size_t pinned, const std::vector<Lane> &lanes);
    static bool avoids(std::size_t lane, const std::vector<Lane> &lanes, const Waiting &waiting);

private:
    std::vector<std::optional<std::size_t>> m_lastSize; // per lane
};

} // namespace tb
