#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads the "kernel" section: its source (a file, read here, or inline code), entry point,
// language, architecture and compiler flags, checked against the backend when it is known.
class KernelReader
{
public:
    KernelReader(JsonReader &reader, Spec &spec, bool backendKnown)
        : m_reader(reader), m_spec(spec), m_backendKnown(backendKnown)
    {}

    void read(const Json &kernel, const std::string &path);

private:
    void loadSource(const std::string &source, const std::string &path);

    JsonReader &m_reader;
    Spec &m_spec;
    bool m_backendKnown = false;
};

} // namespace tb
