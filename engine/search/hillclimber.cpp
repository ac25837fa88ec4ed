#include "hillclimber.h"

#include <cassert>

namespace tb {

HillClimber::HillClimber(const SearchLedger &ledger, LayerFunction layers, std::size_t layerCount,
                         bool lookAhead)
    : m_ledger(ledger), m_layers(std::move(layers)), m_layerCount(layerCount),
      m_lookAhead(lookAhead)
{
    assert(m_layerCount > 0);
}

void HillClimber::startAt(std::uint64_t centre)
{
    m_finished = false;
    moveTo(centre);
    update();
}

std::optional<std::uint64_t> HillClimber::proposal()
{
    if (m_finished)
        return std::nullopt;
    if (!m_ledger.isVisited(*m_centre))
        return m_centre;
    for (;;) {
        while (m_cursor < m_members.size()) {
            const std::uint64_t member = m_members[m_cursor++];
            if (!m_ledger.isVisited(member))
                return member;
        }
        // Everything open is out. Looking one layer ahead costs evaluations only if one of the
        // outstanding neighbours turns out to improve.
        const bool canLookAhead = m_lookAhead && m_layerEnds.size() == m_judgedLayer + 1 &&
                                  m_layerEnds.size() < m_layerCount;
        if (!canLookAhead)
            return std::nullopt;
        openLayer();
    }
}

void HillClimber::update()
{
    while (!m_finished) {
        const auto centreScore = m_ledger.score(*m_centre);
        if (!centreScore)
            return; // nothing to compare with yet
        if (*centreScore == SearchLedger::kFailed) {
            m_finished = true; // no climb from a configuration that does not work
            return;
        }
        if (auto better = bestImprovement(*centreScore)) {
            moveTo(*better);
            continue;
        }
        if (!layersComplete(m_judgedLayer + 1))
            return;
        if (m_judgedLayer + 1 >= m_layerCount) {
            m_finished = true; // a local optimum
            return;
        }
        ++m_judgedLayer;
        while (m_layerEnds.size() <= m_judgedLayer)
            openLayer();
    }
}

void HillClimber::moveTo(std::uint64_t centre)
{
    m_centre = centre;
    m_judgedLayer = 0;
    m_members.clear();
    m_layerEnds.clear();
    m_cursor = 0;
    if (m_layerCount > 0)
        openLayer();
}

void HillClimber::openLayer()
{
    const auto layer = m_layers(*m_centre, m_layerEnds.size());
    m_members.insert(m_members.end(), layer.begin(), layer.end());
    m_layerEnds.push_back(m_members.size());
}

// Among the reported members, the best that beats the centre (the first of equals, so that the
// climb does not depend on anything but the reports).
std::optional<std::uint64_t> HillClimber::bestImprovement(double centreScore) const
{
    std::optional<std::uint64_t> best;
    double bestScore = centreScore;
    for (const std::uint64_t member : m_members) {
        const auto score = m_ledger.score(member);
        if (score && *score < bestScore) {
            best = member;
            bestScore = *score;
        }
    }
    return best;
}

bool HillClimber::layersComplete(std::size_t layerCount) const
{
    const std::size_t end = layerCount == 0 ? 0 : m_layerEnds[layerCount - 1];
    for (std::size_t i = 0; i < end; ++i) {
        if (!m_ledger.isReported(m_members[i]))
            return false;
    }
    return true;
}

} // namespace tb
