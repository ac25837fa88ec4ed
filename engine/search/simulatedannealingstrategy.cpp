#include "simulatedannealingstrategy.h"

#include <algorithm>
#include <cmath>

namespace tb {

std::vector<OptionField<SimulatedAnnealingOptions>> SimulatedAnnealingOptions::fields()
{
    return {
        optionField("initial_temperature",
                    "start temperature: a relative worsening of T is accepted with probability 1/e",
                    1e-6, 1e6, &SimulatedAnnealingOptions::initialTemperature),
        optionField("cooling", "factor the temperature is multiplied by after each judged move",
                    0.5, 1, &SimulatedAnnealingOptions::cooling),
        optionField("min_temperature",
                    "below this the temperature is reheated and the walk resumes from the best", 0,
                    1e6, &SimulatedAnnealingOptions::minTemperature)};
}

SimulatedAnnealingStrategy::SimulatedAnnealingStrategy(const SearchSpace &space, std::uint64_t seed,
                                                       SimulatedAnnealingOptions options)
    : GuidedStrategy(space, seed), m_options(options), m_temperature(options.initialTemperature)
{}

std::optional<std::uint64_t> SimulatedAnnealingStrategy::choose()
{
    if (m_current) {
        if (auto move = randomNeighbour()) {
            m_outstandingMoves.insert(*move);
            return move;
        }
        if (waitsForReports())
            return std::nullopt;
    }
    // No walk yet, or its neighbourhood is used up: restart at a random configuration.
    m_current = randomUnvisited();
    m_unjudged.clear();
    return m_current;
}

bool SimulatedAnnealingStrategy::waitsForReports() const
{
    return (m_current && ledger().isOutstanding(*m_current)) || !m_outstandingMoves.empty();
}

void SimulatedAnnealingStrategy::learn(std::uint64_t index)
{
    const bool wasMove = m_outstandingMoves.erase(index) > 0;
    if (index == m_current) {
        // The start is known now: judge what came back before it, in arrival order.
        while (!m_unjudged.empty()) {
            const std::uint64_t candidate = m_unjudged.front();
            m_unjudged.pop_front();
            judge(candidate);
        }
        return;
    }
    if (!wasMove)
        return; // a random fallback or an old result: not a move of this walk
    if (m_current && ledger().isReported(*m_current))
        judge(index);
    else
        m_unjudged.push_back(index);
}

std::optional<std::uint64_t> SimulatedAnnealingStrategy::randomNeighbour()
{
    std::vector<std::uint64_t> open;
    for (const std::uint64_t neighbour : neighbourhood().hamming(*m_current)) {
        if (!ledger().isVisited(neighbour))
            open.push_back(neighbour);
    }
    if (open.empty())
        return std::nullopt;
    return open[random().below(open.size())];
}

void SimulatedAnnealingStrategy::judge(std::uint64_t candidate)
{
    const double currentScore = *ledger().score(*m_current);
    const double candidateScore = *ledger().score(candidate);
    if (accepts(currentScore, candidateScore))
        m_current = candidate;
    cool();
}

bool SimulatedAnnealingStrategy::accepts(double currentScore, double candidateScore)
{
    if (candidateScore == SearchLedger::kFailed)
        return false;
    if (currentScore == SearchLedger::kFailed || candidateScore <= currentScore)
        return true;
    // Relative to the current score; its magnitude keeps the sign right for negative objectives,
    // and the floor keeps a zero from dividing.
    const double scale = std::max(std::abs(currentScore), 1e-300);
    const double worsening = (candidateScore - currentScore) / scale;
    return random().unit() < std::exp(-worsening / m_temperature);
}

void SimulatedAnnealingStrategy::cool()
{
    m_temperature *= m_options.cooling;
    if (m_temperature >= m_options.minTemperature)
        return;
    m_temperature = m_options.initialTemperature;
    if (auto best = ledger().best())
        m_current = best;
}

} // namespace tb
