#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads the search space: the "parameters" (each a list of values or a range; names unique)
// and the "constraints" (expressions, checked against the parameters by SpecChecker).
class SearchSpaceReader
{
public:
    SearchSpaceReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void readParameters(const Json &list, const std::string &path);
    void readConstraints(const Json &list, const std::string &path);

private:
    void readParameter(const Json &item, const std::string &path, Parameter &parameter);
    void readRange(const Json &range, const std::string &path, Parameter &parameter);
    void readValueList(const Json &list, const std::string &path, Parameter &parameter);

    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
