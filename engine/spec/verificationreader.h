#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads "verification": the reference configuration (a value for every parameter, among its
// values) and the tolerances. Runs after the parameters were read.
class VerificationReader
{
public:
    VerificationReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &verification, const std::string &path);

private:
    void readReference(const Json &reference, const std::string &path);

    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
