#pragma once

#include "model/configuration.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace tb {

// The valid configurations of a spec for one problem size: the cartesian product of the
// parameter values, minus the points some constraint rejects (a constraint keeps a point when it
// evaluates to non-zero; NaN rejects). Enumeration order is an odometer over the parameters in
// spec order with the LAST parameter fastest, values in the order the spec lists them.
//
// Built once, then immutable: const methods are safe to call from several threads. Valid points
// are stored as their 32-bit grid index (4 bytes each); when no constraint depends on a
// parameter nothing is stored at all. Constraints are checked as soon as every parameter they
// use is bound, so a rejected prefix prunes its whole subtree.
class SearchSpace
{
public:
    // Grids with more raw points than this are refused (they would not be enumerable anyway).
    static constexpr std::uint64_t kMaxRawCount = 1'000'000'000;

    // Fails with InvalidSpec when a constraint does not compile or the grid is over
    // kMaxRawCount, and with InvalidArgument when sizeIndex names no problem size. A space with
    // no valid point is not an error: validCount() is 0.
    // `progress`, when given, hears the fraction of the grid walked while the constraints are
    // checked (a grid that no constraint prunes walks every point: ~70 s for 10^9).
    static Expected<SearchSpace> build(const Spec &spec, std::size_t sizeIndex,
                                       const std::function<void(double)> &progress = {});

    // The first valid configuration in enumeration order, or nullopt when the constraints reject
    // every point. Stops at the first hit, so it is cheap where build() would store millions.
    static Expected<std::optional<Configuration>> findFirst(const Spec &spec,
                                                            std::size_t sizeIndex);

    // A space whose valid points are exactly `points`, in any order: a recorded space, every
    // configuration some tool measured (failures included: they fail when evaluated, no
    // constraint rejects them). The grid is the product of the parameters' values as listed.
    // Fails with InvalidArgument for a point of the wrong arity, a value its parameter does not
    // list, a point given twice, a parameter that lists a value twice, or a grid over
    // kMaxRawCount. sizeIndex() is 0.
    static Expected<SearchSpace> fromPoints(std::vector<Parameter> parameters,
                                            const std::vector<Configuration> &points);

    // Product of the value counts, saturating at UINT64_MAX.
    static std::uint64_t rawCount(const std::vector<Parameter> &parameters);

    std::uint64_t totalCount() const { return m_total; }
    std::uint64_t validCount() const;
    std::uint64_t rejectedCount() const { return m_total - validCount(); }

    // Precondition: index < validCount().
    Configuration at(std::uint64_t index) const;
    // In the grid (one listed value per parameter, exactly) and satisfying the constraints.
    bool contains(const Configuration &config) const { return indexOf(config).has_value(); }
    std::optional<std::uint64_t> indexOf(const Configuration &config) const;

    const std::vector<Parameter> &parameters() const { return m_parameters; }
    std::size_t sizeIndex() const { return m_sizeIndex; }

private:
    SearchSpace() = default;
    void setGrid(const std::vector<Parameter> &parameters, std::uint64_t total);
    std::optional<std::uint64_t> gridIndexOf(const Configuration &config) const;

    std::vector<Parameter> m_parameters;
    std::vector<std::uint64_t> m_strides; // grid index = sum(valueIndex[k] * m_strides[k])
    std::uint64_t m_total = 0;
    std::size_t m_sizeIndex = 0;
    bool m_dense = false;               // every grid point is valid: m_valid stays empty
    std::vector<std::uint32_t> m_valid; // grid indices of the valid points, ascending
};

} // namespace tb
