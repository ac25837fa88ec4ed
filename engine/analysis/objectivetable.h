#pragma once

#include "model/spec.h"
#include "storage/storerecords.h"

#include <cstddef>
#include <vector>

namespace tb {

// The results of one problem size as the parameter analyses read them: each result's parameter
// values and objective, in flat arrays (no allocation per result, so 100k results stay cheap to
// gather and to scan). A result that did not run ok keeps its values with a NaN objective: its
// values still name the rows and columns of a pair's grid, where its cell stays empty.
struct ObjectiveTable
{
    std::size_t parameterCount = 0;
    std::vector<double> values;     // row-major, parameterCount per row
    std::vector<double> objectives; // NaN: the result did not run ok (or lacks the objective)
    // Per row: the result failed (any status but ok). A compiled-only result, or one lacking
    // the objective's metric, has a NaN objective without having failed.
    std::vector<bool> failed;

    std::size_t rows() const { return objectives.size(); }
    double value(std::size_t row, std::size_t parameter) const
    {
        return values[row * parameterCount + parameter];
    }
    // Appends a row; missing values read NaN, extra ones are dropped (the first row fixes the
    // parameter count when none was set).
    void add(const std::vector<double> &configValues, double objective, bool failedRow = false);
};

// The stored results of `sizeIndex`, with the spec's objective (objectiveValue(); NaN for a
// result that is not ok or compiled only).
ObjectiveTable objectiveTable(const Spec &spec, const std::vector<StoredResult> &results,
                              std::size_t sizeIndex);

} // namespace tb
