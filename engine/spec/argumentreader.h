#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>

namespace tb {

// Reads "arguments": each a buffer (with its size, initial contents and whether it is an
// output), a scalar (with its value) or a cuda __constant__, in the kernel's parameter order.
class ArgumentReader
{
public:
    ArgumentReader(JsonReader &reader, Spec &spec, bool backendKnown)
        : m_reader(reader), m_spec(spec), m_backendKnown(backendKnown)
    {}

    void read(const Json &list, const std::string &path);

private:
    void readArgument(const Json &item, const std::string &path, Argument &argument);
    void readInit(const Json &init, const std::string &path, BufferInit &out);

    JsonReader &m_reader;
    Spec &m_spec;
    bool m_backendKnown = false;
};

} // namespace tb
