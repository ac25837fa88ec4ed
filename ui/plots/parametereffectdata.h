#pragma once

#include "session/sessionevents.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// What the parameter-effect plot keeps of each result: its problem size, objective, parameter
// values and a fixed horizontal jitter, in flat arrays (no allocation per result), plus the
// distinct values of every parameter, sorted, which become the categories of the axes. The
// config keys (which name a result to the Results table) share one character buffer.
class ParameterEffectData
{
public:
    void clear();

    // Keeps an ok result with a finite objective; returns the parameters that got a value they
    // had not had before (their categories shift), by index.
    std::vector<int> add(const ResultEvent &event);

    int count() const { return int(m_objectives.size()); }
    int parameterCount() const { return m_parameterCount; }
    std::size_t sizeIndex(int row) const { return m_sizes[std::size_t(row)]; }
    double objective(int row) const { return m_objectives[std::size_t(row)]; }
    double value(int row, int parameter) const;
    double jitter(int row) const { return m_jitter[std::size_t(row)]; } // in [-0.2, 0.2]
    std::string_view configKey(int row) const;

    // Sorted distinct values of one parameter, and where a value sits among them (-1: absent).
    const std::vector<double> &distinctValues(int parameter) const;
    int category(int parameter, double value) const;

    // Problem sizes seen, ascending, with how many results each has.
    const std::map<std::size_t, int> &countPerSize() const { return m_countPerSize; }

private:
    int m_parameterCount = -1; // fixed by the first result
    std::vector<std::size_t> m_sizes;
    std::vector<double> m_objectives;
    std::vector<float> m_jitter;
    std::string m_keys;                 // every row's config key, one after the other
    std::vector<std::size_t> m_keyEnds; // where each row's key ends in m_keys
    std::vector<double> m_values;       // row-major, parameterCount per row
    std::vector<std::vector<double>> m_distinct;
    std::map<std::size_t, int> m_countPerSize;
};

} // namespace tb
