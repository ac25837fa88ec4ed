#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads "verification": the reference configuration (a value for every parameter, among its
// values), the tolerances and each output's own ("expected"). Runs after the parameters and
// the arguments were read.
class VerificationReader
{
public:
    VerificationReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &verification, const std::string &path);

private:
    void readReference(const Json &reference, const std::string &path);
    void readExpected(const Json &expected, const std::string &path, bool hasReference);
    ExpectedOutput readExpectedOutput(const Json &entry, const std::string &path);
    void readAllowance(double value, const std::string &path, MismatchAllowance &allowance);
    bool checkOutputName(const std::string &name, const std::string &path);

    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
