#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"
#include "space/expression.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tb {

// The geometry of one kernel launch: grid and block extents (x, y, z; unused ones are 1) and
// the dynamic shared memory in bytes.
struct LaunchShape
{
    std::array<std::uint64_t, 3> grid{1, 1, 1};
    std::array<std::uint64_t, 3> block{1, 1, 1};
    std::uint64_t dynamicSharedBytes = 0;

    std::uint64_t threadsPerBlock() const { return block[0] * block[1] * block[2]; }
    bool operator==(const LaunchShape &) const = default;
};

// Evaluates a spec's launch expressions (spec.launch: grid, block, shared_memory) for a
// configuration and problem size. The expressions are compiled once, against the parameters
// and size variables (configurationVariableNames). Not thread-safe (see Expression). Move-only.
class LaunchShapeEvaluator
{
public:
    // InvalidSpec when the spec has no launch geometry, a geometry with 0 or more than 3
    // extents, or an expression that does not compile.
    static Expected<LaunchShapeEvaluator> create(const Spec &spec);

    // InvalidArgument when the configuration or size does not fit the spec, or an expression
    // gives something that is not a whole number (NaN, infinite, fractional), or an extent
    // below 1 (shared memory below 0); the message names the expression, as
    // `/launch/block/0 "BLOCK - 256" gives 0, not a whole number >= 1`.
    Expected<LaunchShape> evaluate(const Configuration &config, std::size_t sizeIndex) const;

private:
    struct Extent
    {
        std::string path; // "/launch/grid/0": where the expression is in the spec
        Expression expression;
    };

    LaunchShapeEvaluator() = default;
    static Status compileExtent(const std::string &text, const std::string &path,
                                const std::vector<std::string> &names, std::vector<Extent> &out);

    std::vector<Extent> m_grid;
    std::vector<Extent> m_block;
    std::vector<Extent> m_shared; // one: the dynamic shared memory
    std::size_t m_parameterCount = 0;
    std::vector<std::vector<double>> m_sizes; // spec.sizes.values
};

} // namespace tb
