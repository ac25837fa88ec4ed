#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads what a run optimises: the derived "metrics" (named expressions) and the "objective"
// (time or one of those metrics, and its direction). The metrics first: the objective names one.
class ObjectiveReader
{
public:
    ObjectiveReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void readMetrics(const Json &list, const std::string &path);
    void readObjective(const Json &objective, const std::string &path);

private:
    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
