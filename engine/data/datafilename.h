#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace tb {

// A data file's name as a spec gives it ("points_{n}.npy"): each {name} stands for the value of
// a problem-size variable, so every size reads a file of its own. Relative names resolve against
// the spec's directory, as the kernel's source file does; the directory travels to workers with
// the spec, so a worker process resolves the same path.
class DataFileName
{
public:
    // The path for sizes `names` = `values`: every {name} replaced by its value (as formatValue
    // prints it, 4096 not 4096.0), absolute. InvalidSpec when a {name} is no size variable or a
    // brace is unmatched.
    static Expected<std::string> resolve(const std::string &pattern,
                                         const std::vector<std::string> &names,
                                         std::span<const double> values,
                                         const std::string &baseDirectory);
    // The same for problem size `sizeIndex` of `spec`.
    static Expected<std::string> resolve(const std::string &pattern, const Spec &spec,
                                         std::size_t sizeIndex);
    // Whether the name has a {name} in it, i.e. differs per problem size.
    static bool variesWithSize(const std::string &pattern);
};

} // namespace tb
