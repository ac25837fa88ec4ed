#pragma once

#include <cstddef>
#include <vector>

namespace tb {

// A list of configurations (rows of parameter values, one column per parameter) split into
// the fewest independent groups of parameters: the finest partition of the columns such that
// the distinct rows are exactly the cartesian product of each group's distinct projected
// tuples. {BM, BN, BK, (warps, stages)} for a grid whose (warps, stages) pairs are listed
// beside every BM x BN x BK. A list that does not factorise is one group of every column.
//
// Why the finest: a set that is a product over two partitions is a product over their common
// refinement, so every split the list allows (checked over all two-way splits) is kept, and
// the result is checked before it is returned. Beyond kMaxSplitColumns columns the two-way
// splits are too many to try: one group. Groups are in column order, each sorted.
std::vector<std::vector<std::size_t>>
independentParameterGroups(const std::vector<std::vector<double>> &configurations,
                           std::size_t columns);

inline constexpr std::size_t kMaxSplitColumns = 14;

} // namespace tb
