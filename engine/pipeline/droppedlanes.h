#pragma once

// Private to tb_pipeline: the launched bench lanes a JobPipeline has given up on, and why.
// No I/O: the pipeline starts the supervisors and logs; this keeps the verdicts.

#include "model/engineerror.h"
#include "model/expected.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// A launched location (an srun task, an ssh host) is dropped when its worker does not start or
// when its supervisor gives up on it; it stays dropped for the rest of the run, so that a later
// round does not pay a start timeout for it again. A lane past the count is never dropped.
class DroppedLanes
{
public:
    // A bench lane's start: its error, or none when it started.
    using LaneStart = std::pair<std::size_t, std::optional<EngineError>>;

    // One entry per bench lane (the bench pool's supervisors); a shorter list grows, undropped.
    void setLaneCount(std::size_t lanes);
    bool forGood(std::size_t lane) const;
    // Why `lane` was dropped; "" while it is usable.
    std::string reason(std::size_t lane) const;
    // Drops `lane` for `reason`; an empty reason leaves it usable.
    void drop(std::size_t lane, std::string reason);
    // Drops each lane whose start failed, with the error's message and the last line of its
    // detail (the worker's or the launcher's last words: what the user can act on). Returns
    // the lanes dropped now.
    std::vector<std::size_t> dropFailedStarts(const std::vector<LaneStart> &starts);
    // Ok while a lane is left; else the first error of `starts`, or one that says every
    // location was dropped.
    Status anyLeft(const std::vector<LaneStart> &starts) const;
    // The first lane's reason: with every lane dropped, the one a failed restart names.
    std::string firstReason() const;

private:
    std::vector<std::string> m_reasons; // per lane: why it is gone, or ""
};

} // namespace tb
