#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// What one argument holds when a kernel starts, for one problem size, as the workbench's
// Space page previews it: where the contents come from, how many elements there are and the
// first of them, computed by the rules the backends fill buffers with.
struct ArgumentPreview
{
    std::string source; // "file /data/points_4096.npy", "random in [0, 1), seed 7", "value 4096"
    std::uint64_t count = 0;   // elements of a buffer or constant; 1 for a scalar
    std::vector<double> first; // the first values, at most the number asked for
};

// The preview of argument `argumentIndex` at problem size `sizeIndex`. Sizes and values that
// depend on parameters are taken at the reference configuration, else the first valid one.
// The error of the spec's own checks when the argument cannot be had (a missing file, a size
// no backend takes), naming the argument.
Expected<ArgumentPreview> previewArgument(const Spec &spec, std::size_t argumentIndex,
                                          std::size_t sizeIndex, std::size_t maxValues = 8);

} // namespace tb
