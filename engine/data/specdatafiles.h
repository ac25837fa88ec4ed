#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <string>
#include <vector>

namespace tb {

// One data file a spec reads: the argument it fills and its resolved path.
struct DataFileUse
{
    std::string argument;
    std::string path;
    bool operator==(const DataFileUse &) const = default;
};

// Every file a spec's arguments read, for all its problem sizes, each (argument, path) once, in
// argument then size order. InvalidSpec as DataFileName::resolve.
Expected<std::vector<DataFileUse>> specDataFiles(const Spec &spec);

} // namespace tb
