#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <string>
#include <vector>

namespace tb {

// One data file a spec reads: the argument it fills (or, for a file an output is compared
// with, expectedFileLabel(output)) and its resolved path.
struct DataFileUse
{
    std::string argument;
    std::string path;
    bool operator==(const DataFileUse &) const = default;
};

// Every file a spec reads, for all its problem sizes, each (argument, path) once: the
// arguments' in argument then size order, then the expected outputs' (verification.expected).
// InvalidSpec as DataFileName::resolve.
Expected<std::vector<DataFileUse>> specDataFiles(const Spec &spec);

// "y (expected)": how a run's data files name the file output `y` is compared with.
std::string expectedFileLabel(const std::string &output);

} // namespace tb
