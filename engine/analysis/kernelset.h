#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "storage/storerecords.h"

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// Few kernels for many sizes: the fewest configurations of a run such that every problem size
// runs within a tolerance of its own best, so that a library ships few kernel instantiations.
// Only measured results count: a configuration covers a size when it was measured ok there and
// its objective value is at most `maxSlowdown` worse than the size's best (as timeDifference()
// states a difference: the slower time over the faster, minus one; for a maximised metric its
// best value over the configuration's). It never covers a size it was not measured on.

// One configuration of the set: one kernel to compile and ship.
struct KernelSetKernel
{
    std::string configKey;
    Configuration config;
    std::size_t sizesAssigned = 0; // problem sizes it is the assigned configuration of
};

// One problem size of the spec, in spec order.
struct KernelSetSize
{
    std::size_t sizeIndex = 0;
    bool tuned = false;       // it has an ok result with an objective value; else the rest is 0
    std::size_t kernel = 0;   // index into KernelSet::kernels: the set's cheapest member here
    StoredResult assigned;    // that configuration's result at this size
    StoredResult best;        // the size's own best (bestPerSize())
    double assignedValue = 0; // objective values
    double bestValue = 0;
    double slowdown = 0; // of assigned against best: 0.013 is 1.3% slower
};

// A configuration the set could use that was not measured at a size: if it were, and ran within
// the tolerance there, the set could hold fewer configurations.
struct UnmeasuredPair
{
    std::string configKey;
    Configuration config;
    std::size_t sizeIndex = 0;
};

struct KernelSet
{
    double maxSlowdown = 0;               // the tolerance, as a fraction: 0.02 for 2%
    std::vector<KernelSetKernel> kernels; // ordered by the first size each is assigned
    std::vector<KernelSetSize> sizes;     // every size of the spec, tuned or not
    bool exact = true;                    // the fewest configurations, proven; else greedy's
    std::string note;                     // why not exact ("" when exact)
    std::size_t candidates = 0;           // configurations with an ok result
    // Pairs worth measuring: those of a smaller set that counts every unmeasured pair as covered
    // (one cover found the same way as the set itself), at the sizes only they would cover.
    std::vector<UnmeasuredPair> unmeasured;
    std::size_t couldShrinkTo = 0; // that smaller set's size; 0 when unmeasured is empty

    double worstSlowdown() const;
    std::size_t tunedSizes() const;
};

// The tolerance a kernel set is chosen with when the user names none, in per cent: the CLI's
// `export --format kernelset` and the workbench's export dialog both start from it.
inline constexpr double kDefaultMaxSlowdownPct = 2;

// (configuration key, problem size index) pairs.
using ConfigSizeKeys = std::set<std::pair<std::string, std::size_t>>;

// The kernel set of a run's results. `maxSlowdown` is a fraction (0.02 for 2%). Ties between
// equally small sets go to the least worst slowdown, then the least mean slowdown, then the set
// of earlier configurations (in the order results were stored). `unmeasurable`: unmeasured
// pairs known to get no result when asked (tried, and the spec's constraints rejected them), so
// the smaller set behind `unmeasured` does not count on them and names pairs that can still
// run. InvalidArgument, naming the run, when `maxSlowdown` is negative or not finite, or when no
// size has an ok result.
Expected<KernelSet> selectKernelSet(const Spec &spec, const RunRecord &run,
                                    const std::vector<StoredResult> &results, double maxSlowdown,
                                    const ConfigSizeKeys &unmeasurable = {});

// The slowdown of `value` against a size's `best` objective value, as described above; infinite
// where the two cannot be compared (not positive or not finite) and differ.
double objectiveSlowdown(double best, double value, bool minimize);

} // namespace tb
