#include "rankcorrelation.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tb {

namespace {

std::vector<double> ranksOf(const std::vector<double> &values)
{
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first;
        while (last + 1 < order.size() && values[order[last + 1]] == values[order[first]])
            ++last;
        for (std::size_t k = first; k <= last; ++k)
            ranks[order[k]] = 0.5 * static_cast<double>(first + last);
        first = last + 1;
    }
    return ranks;
}

double mean(const std::vector<double> &values)
{
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

} // namespace

double rankCorrelation(const std::vector<double> &a, const std::vector<double> &b)
{
    if (a.size() < 3 || a.size() != b.size())
        return 0;
    const auto ranksA = ranksOf(a);
    const auto ranksB = ranksOf(b);
    const double meanA = mean(ranksA);
    const double meanB = mean(ranksB);
    double both = 0, onlyA = 0, onlyB = 0;
    for (std::size_t i = 0; i < ranksA.size(); ++i) {
        both += (ranksA[i] - meanA) * (ranksB[i] - meanB);
        onlyA += (ranksA[i] - meanA) * (ranksA[i] - meanA);
        onlyB += (ranksB[i] - meanB) * (ranksB[i] - meanB);
    }
    return onlyA > 0 && onlyB > 0 ? both / std::sqrt(onlyA * onlyB) : 0;
}

} // namespace tb
