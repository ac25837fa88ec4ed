#pragma once

#include "objectivetable.h"

#include <cstddef>
#include <vector>

namespace tb {

// Which parameter matters, from the measured results of one problem size.
//
// For each value a parameter took, the best objective among the results with that value: what
// that value achieves with every other parameter at its best measured setting. A parameter's
// importance is the spread of those bests, in the objective's own terms (worstValueCost()):
// for a minimised time the worst value's slowdown, worst / best - 1 ("choosing the worst BM
// takes 25% longer even with everything else tuned"); for a maximised metric the share of it
// the worst value loses, (best - worst) / best ("44.5% of the GFLOP/s lost"). 0 means any of
// its values reaches the best measured objective.
//
// A value whose every result failed reaches nothing: it is counted (failingValues) and ranks
// its parameter ahead of every spread, a wrong choice there costs the whole result. The spread
// is then that of the values that ran.
//
// Only what was measured counts: under a search that sampled the space, a value tried in few
// configurations may look worse than it is (ValueBest::okCount says how often it ran ok).

// What choosing `worst` over `best` costs, in the objective's terms (above); NaN unless both
// are positive.
double worstValueCost(double best, double worst, bool minimize);

// One value of a parameter and the best objective of the results that had it.
struct ValueBest
{
    double value = 0;
    double best = 0;             // NaN where none of its results ran ok
    std::size_t okCount = 0;     // results with this value that ran ok
    std::size_t allCount = 0;    // results with this value, whatever their status
    std::size_t failedCount = 0; // results with this value that failed (not ok)

    // Every result with this value failed: the value is unusable, not merely slow.
    bool alwaysFails() const { return failedCount > 0 && failedCount == allCount; }
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
    // Values whose every result failed (ValueBest::alwaysFails()), and the first of them
    // (-1: none).
    std::size_t failingValues = 0;
    int firstFailingValue = -1;
};

// Every parameter of the table, most important first: those with a value that always fails
// (most such values first), then by importance; ties (and NaN importances, which come last)
// keep the spec's order.
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
    // In the same order: how many results each cell holds, and how many of them failed.
    std::vector<std::size_t> results;
    std::vector<std::size_t> failures;

    std::size_t at(std::size_t i, std::size_t j) const { return j * firstValues.size() + i; }
    double cell(std::size_t i, std::size_t j) const { return best[at(i, j)]; }
    // The cell holds results and every one of them failed.
    bool failedCell(std::size_t i, std::size_t j) const
    {
        const std::size_t index = at(i, j);
        return index < failures.size() && failures[index] > 0 && failures[index] == results[index];
    }
};

// The grid of two parameters of the table (indexes below parameterCount; equal ones give the
// diagonal of one parameter against itself).
PairGrid bestPerPair(const ObjectiveTable &table, std::size_t first, std::size_t second,
                     bool minimize);

} // namespace tb
