#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads "measurement": how each configuration is measured (warm-up, sample bounds, the target
// interval, time limits, cache and CUPTI modes, process rounds, early exit). A field the
// document leaves out keeps the value the Spec came with (the loader's measurement defaults);
// bounds that relate two fields give way to what the document sets (SpecWriter mirrors this).
class MeasurementReader
{
public:
    MeasurementReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &measurement, const std::string &path);

private:
    void readSampleBounds(const Json &measurement, const std::string &path);
    void readMinimumSeconds(const Json &measurement, const std::string &path);
    void readEarlyExitFactor(const Json &measurement, const std::string &path);
    void readEnergySeconds(const Json &measurement, const std::string &path);
    void readMaxProcessRounds(const Json &measurement, const std::string &path,
                              bool adaptiveByDefault);

    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
