#pragma once

#include "objectivetable.h"

#include <cstddef>
#include <vector>

namespace tb {

// Which parameter matters, from the measured results of one problem size.
//
// For each value a parameter took, the best objective among the results with that value: what
// that value achieves with every other parameter at its best measured setting. A parameter's
// importance is the spread of those bests, stated as timeDifference() states two times: the
// worst value's best against the best value's best, minus one (for a maximised metric, the
// best's value over the worst's, minus one, the same figure for a throughput that goes as
// 1 / time). An importance of 0.25 reads "choosing the worst value of BM costs 25% even with
// everything else tuned"; 0 means any of its values reaches the best measured objective.
//
// Only what was measured counts: under a search that sampled the space, a value tried in few
// configurations may look worse than it is (ValueBest::okCount says how often it ran ok).

// One value of a parameter and the best objective of the results that had it.
struct ValueBest
{
    double value = 0;
    double best = 0;          // NaN where none of its results ran ok
    std::size_t okCount = 0;  // results with this value that ran ok
    std::size_t allCount = 0; // results with this value, whatever their status
};

struct ParameterImportance
{
    std::size_t parameter = 0;     // in the spec's order (Configuration::values)
    std::vector<ValueBest> values; // every value seen, ascending
    // The spread defined above; NaN when fewer than one value ran ok or an objective is not
    // positive (a ratio means nothing there); 0 for a parameter with one value that ran ok.
    double importance = 0;
    int bestValue = -1;  // index in values of the value with the best best; -1: none ran ok
    int worstValue = -1; // of the value with the worst best
};

// Every parameter of the table, most important first; ties (and NaN importances, which come
// last) keep the spec's order.
std::vector<ParameterImportance> rankParameters(const ObjectiveTable &table, bool minimize);

// The best objective of each (first value, second value) cell of two parameters.
struct PairGrid
{
    std::size_t first = 0;            // the parameter along the columns (x)
    std::size_t second = 0;           // the parameter along the rows (y)
    std::vector<double> firstValues;  // every value seen, ascending
    std::vector<double> secondValues; // every value seen, ascending
    // Row-major by second value: best[j * firstValues.size() + i] is the cell of
    // (firstValues[i], secondValues[j]); NaN where nothing there ran ok.
    std::vector<double> best;

    double cell(std::size_t i, std::size_t j) const { return best[j * firstValues.size() + i]; }
};

// The grid of two parameters of the table (indexes below parameterCount; equal ones give the
// diagonal of one parameter against itself).
PairGrid bestPerPair(const ObjectiveTable &table, std::size_t first, std::size_t second,
                     bool minimize);

} // namespace tb
