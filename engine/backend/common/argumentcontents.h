#pragma once

#include "hostbuffer.h"

#include "data/datafile.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tb {

// What a buffer or constant starts with, for one problem size, in every backend: the inits
// that need the size (a file, whose name may hold {n}; an expression of `i` and the sizes) as
// well as the others. Variable values come as configurationValues() gives them: the
// parameters, then the problem sizes.
class ArgumentContents
{
public:
    explicit ArgumentContents(const Spec &spec);

    // What decides the contents besides the element count: the resolved file, or the sizes an
    // expression reads; "" for the other inits. A buffer whose count and key did not change
    // keeps its contents, so a per-size file is read again when the size changes.
    std::string key(const Argument &argument, std::span<const double> variableValues) const;

    // Fills `buffer` (of the argument's type and count) as argument.init says. InvalidArgument
    // naming the argument when its file cannot be read or no longer matches.
    Status fill(const Argument &argument, HostBuffer &buffer,
                std::span<const double> variableValues) const;

    // The argument's file for these values, mapped and checked against `count`: for a backend
    // that uploads from the mapping itself, with no host copy between.
    Expected<DataFile> openFile(const Argument &argument, std::uint64_t count,
                                std::span<const double> variableValues) const;

private:
    std::span<const double> sizeValues(std::span<const double> variableValues) const;

    std::vector<std::string> m_sizeNames;
    std::string m_baseDirectory;
    std::size_t m_parameterCount = 0;
};

} // namespace tb
