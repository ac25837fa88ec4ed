#pragma once

#include <vector>

namespace tb {

// Spearman's rank correlation of two equally long samples: Pearson's correlation of their ranks,
// ties at their mean rank. 1 when b orders the items as a does, -1 when it reverses them; 0 with
// fewer than three items or a constant side, where there is no order to agree on.
double rankCorrelation(const std::vector<double> &a, const std::vector<double> &b);

} // namespace tb
