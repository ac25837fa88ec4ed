#pragma once

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace tb {

// The choice behind a kernel set (kernelset.h), free of runs and specs: which candidates cover
// which elements (problem sizes), and at what cost each.
struct CoverProblem
{
    std::size_t elements = 0;
    // costs[c][e]: what using candidate c for element e costs (>= 0); kNotCovered where c does
    // not cover e. Every row has `elements` entries.
    std::vector<std::vector<double>> costs;

    static constexpr double kNotCovered = std::numeric_limits<double>::infinity();
    bool covers(std::size_t candidate, std::size_t element) const
    {
        return costs[candidate][element] != kNotCovered;
    }
};

// A cover's quality, compared in this order: fewer members, then the least worst element cost,
// then the least mean (each element costs its cheapest member's cost). An element no candidate
// covers is left out of the costs and of `uncoverable`'s count, not an error.
struct CoverSolution
{
    std::vector<std::size_t> members; // candidate indices, ascending
    bool exact = false;               // proven the best cover; else greedy's
    std::string note;                 // why it is not exact, "" when it is
    std::size_t nodes = 0;            // search nodes the exact search visited
};

// The best cover by the order above, found by iterative deepening over the number of members
// (branching on the uncovered element with the fewest candidates; each set visited once), after
// dropping candidates another one dominates (covers at least the same elements, each at no
// higher cost: they can never make a cover better). When the search passes `nodeLimit` nodes it
// stops and returns greedyCover()'s answer with a note saying so.
CoverSolution solveCover(const CoverProblem &problem, std::size_t nodeLimit = 500'000);

// The classic greedy cover: repeatedly the candidate covering the most uncovered elements (ties:
// the lower cost summed over them, then the earlier candidate). It can take more members than
// needed: {1,2,3}, {4,5,6} and {1,2,4,5} make it take all three.
std::vector<std::size_t> greedyCover(const CoverProblem &problem);

// For each element, the candidate of `members` that covers it at the least cost (ties: the
// earlier member), or kNoMember where none covers it.
inline constexpr std::size_t kNoMember = std::numeric_limits<std::size_t>::max();
std::vector<std::size_t> cheapestMembers(const CoverProblem &problem,
                                         const std::vector<std::size_t> &members);

} // namespace tb
