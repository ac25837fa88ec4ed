#pragma once

#include "search/searchledger.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace tb {

// One hill climb, shared by the local searches: around a centre it proposes the neighbours not
// yet visited, moves to the best reported improvement, and stops at a local optimum. The
// neighbourhood comes in layers, nearest first (coordinate descent's widening radius; a single
// layer for a Hamming neighbourhood): the next layer opens only when every neighbour of the
// layers open so far is reported and none improves.
//
// Asynchronous by design: it proposes the centre's neighbours before the centre itself is
// reported (they are needed either way), may look one layer ahead while the current one is out
// (`lookAhead`), and judges only on reports, whatever their order. Neighbours visited earlier in
// the run count with their known scores, without being proposed again.
class HillClimber
{
public:
    // The valid neighbours of `centre` in `layer` (0 = nearest), in the order to try them.
    using LayerFunction =
        std::function<std::vector<std::uint64_t>(std::uint64_t centre, std::size_t layer)>;

    HillClimber(const SearchLedger &ledger, LayerFunction layers, std::size_t layerCount,
                bool lookAhead);

    // Begins a climb at `centre`, visited or not; proposal() offers it first when it is not.
    void startAt(std::uint64_t centre);
    // An unvisited configuration to propose for this climb, or nullopt when it has none now.
    // The caller proposes what it returns.
    std::optional<std::uint64_t> proposal();
    // Re-judges after a report: moves to an improvement, opens the next layer, or stops.
    void update();

    // True before the first start and at a local optimum (or a failed centre): the owner decides
    // where to go next. While false and proposal() is empty, the climb waits for reports of
    // configurations already proposed.
    bool finished() const { return m_finished; }
    std::optional<std::uint64_t> centre() const { return m_centre; }

private:
    void moveTo(std::uint64_t centre);
    void openLayer();
    std::optional<std::uint64_t> bestImprovement(double centreScore) const;
    bool layersComplete(std::size_t layerCount) const;

    const SearchLedger &m_ledger;
    LayerFunction m_layers;
    std::size_t m_layerCount;
    bool m_lookAhead;

    bool m_finished = true;
    std::optional<std::uint64_t> m_centre;
    std::size_t m_judgedLayer = 0;        // the layer whose completion decides the next step
    std::vector<std::uint64_t> m_members; // neighbours of the open layers, layer after layer
    std::vector<std::size_t> m_layerEnds; // m_members[m_layerEnds[l - 1], m_layerEnds[l]) is l
    std::size_t m_cursor = 0;             // members before it were offered or already visited
};

} // namespace tb
