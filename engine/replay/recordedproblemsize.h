#pragma once

#include "model/expected.h"

#include <optional>
#include <string>
#include <vector>

namespace tb {

// The problem size a recording names, as numbers: Kernel Tuner writes a number or an array
// ([4096, 4096]: x, y, z), T4 files from Tunebench an object by size variable ({"N": 1024}).
struct RecordedProblemSize
{
    std::vector<std::string> names; // empty where the file gives the values only
    std::vector<double> values;
};

// nullopt for "" (the file names no size); InvalidArgument naming `path` when the text is not a
// number, an array of numbers or an object of numbers.
Expected<std::optional<RecordedProblemSize>> parseRecordedProblemSize(const std::string &text,
                                                                      const std::string &path);

} // namespace tb
