#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads "peaks": the device's FP32 rate and DRAM bandwidth as the spec gives them.
class PeaksReader
{
public:
    PeaksReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &peaks, const std::string &path);

private:
    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
