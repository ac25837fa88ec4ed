#include "setcover.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>

namespace tb {

namespace {

struct Quality
{
    std::size_t members = 0;
    double worst = 0;
    double mean = 0;
};

Quality qualityOf(const CoverProblem &problem, const std::vector<std::size_t> &members)
{
    Quality quality{members.size()};
    const auto cheapest = cheapestMembers(problem, members);
    std::size_t counted = 0;
    double sum = 0;
    for (std::size_t e = 0; e < problem.elements; ++e) {
        if (cheapest[e] == kNoMember)
            continue;
        const double cost = problem.costs[cheapest[e]][e];
        quality.worst = std::max(quality.worst, cost);
        sum += cost;
        ++counted;
    }
    quality.mean = counted ? sum / static_cast<double>(counted) : 0;
    return quality;
}

bool better(const Quality &a, const Quality &b)
{
    if (a.members != b.members)
        return a.members < b.members;
    if (a.worst != b.worst)
        return a.worst < b.worst;
    return a.mean < b.mean;
}

std::size_t coveredCount(const CoverProblem &problem, std::size_t candidate)
{
    std::size_t count = 0;
    for (std::size_t e = 0; e < problem.elements; ++e)
        count += problem.covers(candidate, e) ? 1 : 0;
    return count;
}

// Whether `d` covers every element `c` covers, each at no higher cost. Two equal candidates
// dominate each other: the caller keeps the earlier.
bool dominates(const CoverProblem &problem, std::size_t d, std::size_t c)
{
    for (std::size_t e = 0; e < problem.elements; ++e)
        if (problem.covers(c, e) && !(problem.costs[d][e] <= problem.costs[c][e]))
            return false;
    return true;
}

// The candidates worth searching: those covering something, less the dominated ones (for two
// that dominate each other, the later goes). Replacing a dominated member by its dominator never
// adds a member nor raises an element's cost, so the best cover survives.
std::vector<std::size_t> undominated(const CoverProblem &problem)
{
    const std::size_t n = problem.costs.size();
    std::vector<std::size_t> pool;
    for (std::size_t c = 0; c < n; ++c) {
        if (coveredCount(problem, c) == 0)
            continue;
        bool dominated = false;
        for (std::size_t d = 0; d < n && !dominated; ++d)
            dominated = d != c && dominates(problem, d, c) && (d < c || !dominates(problem, c, d));
        if (!dominated)
            pool.push_back(c);
    }
    return pool;
}

// Depth-first search for the best cover of exactly `limit` members. Branching on an uncovered
// element takes each of its candidates in turn and leaves the ones already tried out of the
// rest of that branch, so every set is visited once.
class ExactSearch
{
public:
    ExactSearch(const CoverProblem &problem, std::vector<std::size_t> pool, std::size_t nodeLimit)
        : m_problem(problem), m_pool(std::move(pool)), m_nodeLimit(nodeLimit),
          m_coveringOf(problem.elements), m_excluded(problem.costs.size(), 0),
          m_coveredBy(problem.elements, 0), m_uncoveredBits(wordCount(), 0)
    {
        for (std::size_t c : m_pool) {
            m_maxCover = std::max(m_maxCover, coveredCount(problem, c));
            Bits bits(wordCount(), 0);
            for (std::size_t e = 0; e < problem.elements; ++e)
                if (problem.covers(c, e)) {
                    m_coveringOf[e].push_back(c);
                    bits[e / 64] |= std::uint64_t{1} << (e % 64);
                }
            m_bits.push_back(std::move(bits));
        }
        for (std::size_t e = 0; e < problem.elements; ++e)
            if (!m_coveringOf[e].empty()) {
                ++m_uncovered;
                m_uncoveredBits[e / 64] |= std::uint64_t{1} << (e % 64);
            }
    }

    // The fewest members any cover can have, by counting alone.
    std::size_t lowerBound() const
    {
        return m_maxCover ? (m_uncovered + m_maxCover - 1) / m_maxCover : 0;
    }

    // Whether a cover of `members` members exists; the best of them in best().
    bool searchWith(std::size_t members)
    {
        m_size = members;
        m_found = false;
        visit();
        return m_found;
    }

    bool stopped() const { return m_stopped; }
    std::size_t nodes() const { return m_nodes; }
    const std::vector<std::size_t> &best() const { return m_best; }

private:
    void visit()
    {
        if (++m_nodes > m_nodeLimit) {
            m_stopped = true;
            return;
        }
        if (m_uncovered == 0) {
            consider();
            return;
        }
        const std::size_t left = m_size - m_chosen.size();
        if (left == 0 || left * m_maxCover < m_uncovered || !reachable(left))
            return;
        branchOn(hardestElement());
    }

    // Whether the `left` candidates still allowed that cover the most uncovered elements cover
    // them all, counted without overlap: if not, no `left` of them can.
    bool reachable(std::size_t left)
    {
        m_gains.clear();
        for (std::size_t i = 0; i < m_pool.size(); ++i) {
            if (m_excluded[m_pool[i]])
                continue;
            std::size_t gain = 0;
            for (std::size_t w = 0; w < m_uncoveredBits.size(); ++w)
                gain += static_cast<std::size_t>(std::popcount(m_bits[i][w] & m_uncoveredBits[w]));
            if (gain > 0)
                m_gains.push_back(gain);
        }
        const std::size_t take = std::min(left, m_gains.size());
        std::partial_sort(m_gains.begin(), m_gains.begin() + static_cast<std::ptrdiff_t>(take),
                          m_gains.end(), std::greater<>());
        std::size_t covered = 0;
        for (std::size_t i = 0; i < take; ++i)
            covered += m_gains[i];
        return covered >= m_uncovered;
    }

    std::size_t wordCount() const { return (m_problem.elements + 63) / 64; }

    void branchOn(std::size_t element)
    {
        std::vector<std::size_t> tried;
        for (std::size_t c : m_coveringOf[element]) {
            if (m_excluded[c])
                continue;
            choose(c, +1);
            visit();
            choose(c, -1);
            m_excluded[c] = 1;
            tried.push_back(c);
            if (m_stopped)
                break;
        }
        for (std::size_t c : tried)
            m_excluded[c] = 0;
    }

    // The uncovered element with the fewest candidates left: the narrowest branch.
    std::size_t hardestElement() const
    {
        std::size_t hardest = 0, fewest = kNoMember;
        for (std::size_t e = 0; e < m_problem.elements; ++e) {
            if (m_coveredBy[e] > 0 || m_coveringOf[e].empty())
                continue;
            std::size_t count = 0;
            for (std::size_t c : m_coveringOf[e])
                count += m_excluded[c] ? 0 : 1;
            if (count < fewest) {
                fewest = count;
                hardest = e;
            }
        }
        return hardest;
    }

    void choose(std::size_t candidate, int step)
    {
        if (step > 0)
            m_chosen.push_back(candidate);
        else
            m_chosen.pop_back();
        for (std::size_t e = 0; e < m_problem.elements; ++e) {
            if (!m_problem.covers(candidate, e))
                continue;
            const bool wasCovered = m_coveredBy[e] > 0;
            m_coveredBy[e] += step;
            if (wasCovered != (m_coveredBy[e] > 0)) {
                m_uncovered += step > 0 ? -1 : 1;
                m_uncoveredBits[e / 64] ^= std::uint64_t{1} << (e % 64);
            }
        }
    }

    void consider()
    {
        std::vector<std::size_t> members = m_chosen;
        std::sort(members.begin(), members.end());
        const Quality quality = qualityOf(m_problem, members);
        if (!m_found || better(quality, m_bestQuality) ||
            (!better(m_bestQuality, quality) && members < m_best)) {
            m_best = std::move(members);
            m_bestQuality = quality;
            m_found = true;
        }
    }

    const CoverProblem &m_problem;
    std::vector<std::size_t> m_pool;
    std::size_t m_nodeLimit;
    std::vector<std::vector<std::size_t>> m_coveringOf; // per element, its pool candidates
    std::vector<char> m_excluded;                       // per candidate
    std::vector<int> m_coveredBy;                       // per element, chosen members covering it
    using Bits = std::vector<std::uint64_t>;
    Bits m_uncoveredBits;             // coverable elements not covered yet, as bits
    std::vector<Bits> m_bits;         // per pool candidate (same order), the elements it covers
    std::vector<std::size_t> m_gains; // reachable()'s scratch
    std::size_t m_uncovered = 0;      // coverable elements not covered yet
    std::size_t m_maxCover = 0;
    std::size_t m_size = 0;
    std::vector<std::size_t> m_chosen;
    std::vector<std::size_t> m_best;
    Quality m_bestQuality;
    bool m_found = false;
    bool m_stopped = false;
    std::size_t m_nodes = 0;
};

} // namespace

std::vector<std::size_t> cheapestMembers(const CoverProblem &problem,
                                         const std::vector<std::size_t> &members)
{
    std::vector<std::size_t> cheapest(problem.elements, kNoMember);
    for (std::size_t e = 0; e < problem.elements; ++e)
        for (std::size_t c : members)
            if (problem.covers(c, e) &&
                (cheapest[e] == kNoMember || problem.costs[c][e] < problem.costs[cheapest[e]][e]))
                cheapest[e] = c;
    return cheapest;
}

std::vector<std::size_t> greedyCover(const CoverProblem &problem)
{
    std::vector<char> covered(problem.elements, 0);
    std::vector<std::size_t> members;
    for (;;) {
        std::size_t pick = kNoMember, pickCount = 0;
        double pickCost = 0;
        for (std::size_t c = 0; c < problem.costs.size(); ++c) {
            std::size_t count = 0;
            double cost = 0;
            for (std::size_t e = 0; e < problem.elements; ++e)
                if (!covered[e] && problem.covers(c, e)) {
                    ++count;
                    cost += problem.costs[c][e];
                }
            if (count > pickCount || (count == pickCount && count > 0 && cost < pickCost)) {
                pick = c;
                pickCount = count;
                pickCost = cost;
            }
        }
        if (pick == kNoMember)
            break;
        members.push_back(pick);
        for (std::size_t e = 0; e < problem.elements; ++e)
            covered[e] = covered[e] || problem.covers(pick, e);
    }
    std::sort(members.begin(), members.end());
    return members;
}

CoverSolution solveCover(const CoverProblem &problem, std::size_t nodeLimit)
{
    const std::vector<std::size_t> greedy = greedyCover(problem);
    ExactSearch search(problem, undominated(problem), nodeLimit);
    // Greedy's count bounds the search: a cover of that many exists.
    for (std::size_t size = search.lowerBound(); size <= greedy.size(); ++size) {
        const bool found = search.searchWith(size);
        if (search.stopped())
            break;
        if (found)
            return {search.best(), true, "", search.nodes()};
    }
    if (greedy.empty())
        return {{}, true, "", search.nodes()};
    return {greedy, false,
            "the exact search stopped after " + std::to_string(nodeLimit) +
                " nodes: greedy's choice, which may hold more configurations than needed",
            search.nodes()};
}

} // namespace tb
