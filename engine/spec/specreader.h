#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// The top-level keys of format v1, in the order FORMAT.md documents them.
inline constexpr std::array<std::string_view, 15> kSpecTopLevelKeys{
    "tunebench_spec", "name",          "backend", "kernel",    "parameters",
    "constraints",    "problem_sizes", "launch",  "arguments", "verification",
    "metrics",        "objective",     "peaks",   "strategy",  "measurement"};

// Reads a parsed spec document into a Spec field by field: types, required fields, unknown keys,
// allowed words, number ranges, defaults, and the checks that need only one section (unique
// names, list lengths). Everything that relates sections to each other (expressions, name
// clashes, the search space) is SpecChecker's. Every issue goes to the JsonReader; reading
// carries on past problems so that all of them are found in one pass. A field the document
// leaves out keeps the value the Spec came with (SpecLoader puts its measurement defaults there).
//
// Arrays of the document map one to one onto the Spec's vectors (a broken element still gets a
// default entry), so an index into spec.parameters is also the index in "/parameters/<i>".
class SpecReader
{
public:
    SpecReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &root);

private:
    // specreader.cpp
    bool readVersion(const Json &root);
    void readBackend(const Json &root);
    void readKernel(const Json &kernel, const std::string &path);
    void loadKernelSource(const std::string &source, const std::string &path);
    void readLaunch(const Json &launch, const std::string &path);
    void readGeometry(const Json &list, const std::string &path, std::vector<std::string> &out);
    // specreader_grid.cpp
    void readParameters(const Json &list, const std::string &path);
    void readParameter(const Json &item, const std::string &path, Parameter &parameter);
    void readRange(const Json &range, const std::string &path, Parameter &parameter);
    void readValueList(const Json &list, const std::string &path, Parameter &parameter);
    void readConstraints(const Json &list, const std::string &path);
    void readProblemSizes(const Json &list, const std::string &path);
    void readSizeRow(const Json &row, const std::string &path);

    // specreader_arguments.cpp
    void readArguments(const Json &list, const std::string &path);
    void readArgument(const Json &item, const std::string &path, Argument &argument);
    void readInit(const Json &init, const std::string &path, BufferInit &out);
    void readVerification(const Json &verification, const std::string &path);
    void readReference(const Json &reference, const std::string &path);
    // specreader_settings.cpp
    void readMetrics(const Json &list, const std::string &path);
    void readObjective(const Json &objective, const std::string &path);
    // specreader_peaks.cpp
    void readPeaks(const Json &peaks, const std::string &path);
    void readStrategy(const Json &strategy, const std::string &path);
    void readStrategyOptions(const Json &options, const std::string &path);
    void readReplay(const Json &replay, const std::string &path);
    void readMeasurement(const Json &measurement, const std::string &path);
    void readSampleBounds(const Json &measurement, const std::string &path);
    void readMinimumSeconds(const Json &measurement, const std::string &path);
    void readEarlyExitFactor(const Json &measurement, const std::string &path);
    void readMaxProcessRounds(const Json &measurement, const std::string &path,
                              bool adaptiveByDefault);

    // Identifier syntax and reserved words, for parameter, size and argument names.
    bool checkName(const std::string &name, const std::string &path);

    JsonReader &m_reader;
    Spec &m_spec;
    bool m_backendKnown = false;
    // Each problem size's values, to its first row: duplicates found in O(log n) per row.
    std::map<std::vector<double>, std::size_t> m_firstSizeRow;
};

} // namespace tb
