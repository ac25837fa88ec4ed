#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "space/expression.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace tb {

// Walks the parameter grid of a spec for one problem size in enumeration order (odometer, last
// parameter fastest) and reports the grid index of every point the constraints keep. Each
// constraint is attached to the deepest parameter it uses and checked as soon as that parameter
// is bound, so a rejected prefix skips its whole subtree. Constraints that use no parameter are
// evaluated once, up front. Internal to SearchSpace; holds a reference to the spec.
class SpaceEnumerator
{
public:
    // Errors: InvalidArgument for a bad size index, InvalidSpec for a constraint that does not
    // compile or a grid over SearchSpace::kMaxRawCount points.
    static Expected<SpaceEnumerator> create(const Spec &spec, std::size_t sizeIndex);

    std::uint64_t totalCount() const { return m_total; }
    // Some constraint depends on a parameter: the valid points must be enumerated to be known.
    bool hasParameterConstraints() const;
    // The constraints that use sizes only all hold (otherwise no point is valid).
    bool sizeConstraintsHold() const { return m_sizeConstraintsHold; }

    // Calls visit(gridIndex) for each valid point in order until it returns false; progress,
    // when given, with the fraction of the grid walked so far, each time one of the first two
    // parameters moves on (often enough to show, rarely enough to cost nothing).
    void run(const std::function<bool(std::uint64_t)> &visit,
             const std::function<void(double)> &progress = {});

private:
    explicit SpaceEnumerator(const Spec &spec);
    Status prepare(std::size_t sizeIndex);
    bool holds(const std::vector<std::size_t> &constraints);

    const Spec *m_spec;
    std::uint64_t m_total = 0;
    std::vector<Expression> m_constraints;
    std::vector<std::vector<std::size_t>> m_byLevel; // per parameter: constraints to check there
    std::vector<double> m_values;                    // parameters then sizes, as compiled
    bool m_sizeConstraintsHold = true;
};

} // namespace tb
