#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads "strategy": the search strategy's name and options (checked against the strategy's
// own), its budgets, seed and an optional replay of recorded measurements.
class StrategyReader
{
public:
    StrategyReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &strategy, const std::string &path);

private:
    void readOptions(const Json &options, const std::string &path);
    void readReplay(const Json &replay, const std::string &path);

    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
