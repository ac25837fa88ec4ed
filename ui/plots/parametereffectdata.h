#pragma once

#include "run/sessionevents.h"

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
// After the parameters come the resource figures of a compiled GPU kernel (registers, spill
// bytes, shared memory bytes, occupancy in %) as channels of their own, so that either axis can
// show them: channel c < parameterCount() is a parameter, the rest resources (NaN, and no
// distinct values, where the backend reports none: a CPU run).
class ParameterEffectData
{
public:
    enum Resource
    {
        Registers,
        Spills,       // spill stores + spill loads, bytes
        SharedMemory, // static + dynamic, bytes
        Occupancy,    // theoretical, in per cent
        ResourceCount,
    };

    void clear();

    // Keeps an ok result with a finite objective; returns the channels that got a value they
    // had not had before (their categories shift), by index.
    std::vector<int> add(const ResultEvent &event);

    int count() const { return int(m_objectives.size()); }
    int parameterCount() const { return m_parameterCount; }
    // Parameters and resources; 0 before the first result.
    int channelCount() const { return m_parameterCount < 0 ? 0 : m_parameterCount + ResourceCount; }
    int resourceChannel(Resource resource) const { return m_parameterCount + int(resource); }
    bool isResource(int channel) const { return channel >= m_parameterCount; }
    // Whether any kept result has a value for the channel (resources: CUDA results only).
    bool hasValues(int channel) const { return !distinctValues(channel).empty(); }
    std::size_t sizeIndex(int row) const { return m_sizes[std::size_t(row)]; }
    double objective(int row) const { return m_objectives[std::size_t(row)]; }
    double value(int row, int channel) const;
    double jitter(int row) const { return m_jitter[std::size_t(row)]; } // in [-0.2, 0.2]
    std::string_view configKey(int row) const;

    // Sorted distinct values of one channel, and where a value sits among them (-1: absent).
    const std::vector<double> &distinctValues(int channel) const;
    int category(int channel, double value) const;

    // Problem sizes seen, ascending, with how many results each has.
    const std::map<std::size_t, int> &countPerSize() const { return m_countPerSize; }

private:
    int m_parameterCount = -1; // fixed by the first result
    std::vector<std::size_t> m_sizes;
    std::vector<double> m_objectives;
    std::vector<float> m_jitter;
    std::string m_keys;                 // every row's config key, one after the other
    std::vector<std::size_t> m_keyEnds; // where each row's key ends in m_keys
    void addValue(int channel, double value, std::vector<int> &grown);

    std::vector<double> m_values; // row-major, channelCount per row
    std::vector<std::vector<double>> m_distinct;
    std::map<std::size_t, int> m_countPerSize;
};

} // namespace tb
