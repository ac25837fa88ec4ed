#include "parameterimportance.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tb {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool better(double candidate, double current, bool minimize)
{
    if (std::isnan(current))
        return true;
    return minimize ? candidate < current : candidate > current;
}

// The distinct finite values of one parameter, ascending. A parameter has few values (tens),
// so a sorted insert per new value keeps this O(rows x log values).
std::vector<double> distinctValues(const ObjectiveTable &table, std::size_t parameter)
{
    std::vector<double> distinct;
    for (std::size_t row = 0; row < table.rows(); ++row) {
        const double value = table.value(row, parameter);
        const auto at = std::lower_bound(distinct.begin(), distinct.end(), value);
        if (std::isfinite(value) && (at == distinct.end() || *at != value))
            distinct.insert(at, value);
    }
    return distinct;
}

// Where `value` sits in `distinct`; -1 when absent (a NaN value).
int indexOf(const std::vector<double> &distinct, double value)
{
    const auto at = std::lower_bound(distinct.begin(), distinct.end(), value);
    return at != distinct.end() && *at == value ? int(at - distinct.begin()) : -1;
}

std::vector<ValueBest> bestPerValue(const ObjectiveTable &table, std::size_t parameter,
                                    bool minimize)
{
    std::vector<ValueBest> values;
    for (const double value : distinctValues(table, parameter))
        values.push_back({value, kNaN, 0, 0, 0});
    std::vector<double> distinct;
    for (const ValueBest &entry : values)
        distinct.push_back(entry.value);
    for (std::size_t row = 0; row < table.rows(); ++row) {
        const int at = indexOf(distinct, table.value(row, parameter));
        if (at < 0)
            continue;
        ValueBest &entry = values[std::size_t(at)];
        ++entry.allCount;
        if (table.failed[row])
            ++entry.failedCount;
        const double objective = table.objectives[row];
        if (!std::isfinite(objective))
            continue;
        ++entry.okCount;
        if (better(objective, entry.best, minimize))
            entry.best = objective;
    }
    return values;
}

// Fills importance, bestValue and worstValue from the values' bests.
void judge(ParameterImportance &entry, bool minimize)
{
    for (std::size_t i = 0; i < entry.values.size(); ++i) {
        if (entry.values[i].alwaysFails() && entry.failingValues++ == 0)
            entry.firstFailingValue = int(i);
        const double best = entry.values[i].best;
        if (std::isnan(best))
            continue;
        if (entry.bestValue < 0 ||
            better(best, entry.values[std::size_t(entry.bestValue)].best, minimize))
            entry.bestValue = int(i);
        if (entry.worstValue < 0 ||
            better(entry.values[std::size_t(entry.worstValue)].best, best, minimize))
            entry.worstValue = int(i);
    }
    if (entry.bestValue < 0) {
        entry.importance = kNaN;
        return;
    }
    const double best = entry.values[std::size_t(entry.bestValue)].best;
    const double worst = entry.values[std::size_t(entry.worstValue)].best;
    entry.importance = worstValueCost(best, worst, minimize);
}

// A parameter with more values that always fail first, then the larger spread; NaN last.
bool rankedBefore(const ParameterImportance &a, const ParameterImportance &b)
{
    if (a.failingValues != b.failingValues)
        return a.failingValues > b.failingValues;
    if (std::isnan(a.importance) || std::isnan(b.importance))
        return !std::isnan(a.importance) && std::isnan(b.importance);
    return a.importance > b.importance;
}

} // namespace

double worstValueCost(double best, double worst, bool minimize)
{
    if (!(best > 0) || !(worst > 0))
        return kNaN; // a ratio means nothing there
    // A time's cost is how much longer it takes; a rate's, the share of it lost: each the
    // figure a reader computes from the two values shown.
    return minimize ? worst / best - 1 : (best - worst) / best;
}

std::vector<ParameterImportance> rankParameters(const ObjectiveTable &table, bool minimize)
{
    std::vector<ParameterImportance> ranked;
    for (std::size_t parameter = 0; parameter < table.parameterCount; ++parameter) {
        ParameterImportance entry;
        entry.parameter = parameter;
        entry.values = bestPerValue(table, parameter, minimize);
        judge(entry, minimize);
        ranked.push_back(std::move(entry));
    }
    std::stable_sort(ranked.begin(), ranked.end(), rankedBefore);
    return ranked;
}

PairGrid bestPerPair(const ObjectiveTable &table, std::size_t first, std::size_t second,
                     bool minimize)
{
    PairGrid grid;
    grid.first = first;
    grid.second = second;
    if (first >= table.parameterCount || second >= table.parameterCount)
        return grid;
    grid.firstValues = distinctValues(table, first);
    grid.secondValues = distinctValues(table, second);
    const std::size_t cells = grid.firstValues.size() * grid.secondValues.size();
    grid.best.assign(cells, kNaN);
    grid.results.assign(cells, 0);
    grid.failures.assign(cells, 0);
    for (std::size_t row = 0; row < table.rows(); ++row) {
        const int i = indexOf(grid.firstValues, table.value(row, first));
        const int j = indexOf(grid.secondValues, table.value(row, second));
        if (i < 0 || j < 0)
            continue;
        const std::size_t at = grid.at(std::size_t(i), std::size_t(j));
        ++grid.results[at];
        if (table.failed[row])
            ++grid.failures[at];
        const double objective = table.objectives[row];
        if (std::isfinite(objective) && better(objective, grid.best[at], minimize))
            grid.best[at] = objective;
    }
    return grid;
}

} // namespace tb
