#pragma once

#include "model/spec.h"
#include "spec/jsonreader.h"

#include <string>
#include <vector>

namespace tb {

// Reads the "launch" section: grid and block as 1 to 3 expressions each, and the dynamic shared
// memory.
class LaunchReader
{
public:
    LaunchReader(JsonReader &reader, Spec &spec) : m_reader(reader), m_spec(spec) {}

    void read(const Json &launch, const std::string &path);

private:
    void readGeometry(const Json &list, const std::string &path, std::vector<std::string> &out);

    JsonReader &m_reader;
    Spec &m_spec;
};

} // namespace tb
