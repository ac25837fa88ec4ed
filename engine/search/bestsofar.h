#pragma once

#include <cstdint>
#include <optional>

namespace tb {

// The best objective seen so far (lower is better) and how many evaluations in a row have not
// beaten it: what a run's "new best" and its stop_after_no_improvement budget both read, the
// same for a real run (SizePlan) and a replayed one (replaySearch).
class BestSoFar
{
public:
    // Records one evaluation (nullopt: it failed); true when it is a new best.
    bool offer(std::optional<double> objective)
    {
        const bool better = objective && (!m_best || *objective < *m_best);
        if (better)
            m_best = objective;
        m_sinceBest = better ? 0 : m_sinceBest + 1;
        return better;
    }

    std::optional<double> best() const { return m_best; }
    // Evaluations since the last new best (all of them while there is none).
    std::int64_t sinceBest() const { return m_sinceBest; }

private:
    std::optional<double> m_best;
    std::int64_t m_sinceBest = 0;
};

} // namespace tb
