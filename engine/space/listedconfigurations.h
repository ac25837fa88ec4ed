#pragma once

#include <string>
#include <vector>

namespace tb {

// Constraints that keep exactly the listed configurations of the grid their values span (each
// parameter's values being those the list uses): none when the list is that whole grid. The
// parameters are split into independent groups (independentgroups.h); each group of several
// parameters whose listed tuples are not all of its own grid becomes one constraint, the OR of
// its tuples in the order the list first gives them:
// "(num_warps == 4 && num_stages == 3) || (num_warps == 8 && num_stages == 3)".
// `configurations`: one row of values per configuration, in the order of `names`.
std::vector<std::string>
constraintsKeepingOnly(const std::vector<std::string> &names,
                       const std::vector<std::vector<double>> &configurations);

} // namespace tb
