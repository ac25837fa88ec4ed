#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <array>
#include <string_view>

namespace tb {

// The top-level keys of format v1, in the order FORMAT.md documents them.
inline constexpr std::array<std::string_view, 15> kSpecTopLevelKeys{
    "tunebench_spec", "name",          "backend", "kernel",    "parameters",
    "constraints",    "problem_sizes", "launch",  "arguments", "verification",
    "metrics",        "objective",     "peaks",   "strategy",  "measurement"};

// Reads a parsed spec document into a Spec: the version, name and backend here, every other
// section by a reader of its own (KernelReader, SearchSpaceReader, ProblemSizeReader,
// LaunchReader, ArgumentReader, VerificationReader, ObjectiveReader, PeaksReader,
// StrategyReader, MeasurementReader), in document order. Each checks types, required fields,
// unknown keys, allowed words, number ranges, defaults, and what needs only its section (unique
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
    bool readVersion(const Json &root);
    void readBackend(const Json &root);

    JsonReader &m_reader;
    Spec &m_spec;
    bool m_backendKnown = false;
};

} // namespace tb
