#pragma once

// Private to tb_pipeline: the early-exit limit a measuring worker is given with each
// configuration. No I/O.

#include "pipelinejob.h"

#include <cstddef>
#include <map>

namespace tb {

// Sampling of a configuration stops once its median is surely above `factor` times the fastest
// ok median of its problem size so far (PipelineSettings::earlyExitFactor; 0 = off): a
// configuration that slow cannot win, and its remaining samples would only cost time.
class EarlyExitLimit
{
public:
    explicit EarlyExitLimit(double factor) : m_factor(factor) {}

    // An ok median time of `sizeIndex`, measured now or stored by an earlier run.
    void noteOkTime(std::size_t sizeIndex, double seconds);
    // The limit for `job` as it goes to its measuring worker (0: none), so that it compares
    // with the best known then. A finalist's round (a pinned job) is never cut short: the
    // rounds rank the best.
    double stopAboveSeconds(const PipelineJob &job) const;

private:
    double m_factor = 0;
    std::map<std::size_t, double> m_fastestOk; // size -> fastest ok median so far (s)
};

} // namespace tb
