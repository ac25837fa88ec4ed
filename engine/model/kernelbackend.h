#pragma once

#include "configuration.h"
#include "expected.h"
#include "result.h"
#include "spec.h"

#include <cstddef>

namespace tb {

// KernelBackend::evaluate()'s stopAboveSeconds for a configuration measured in full.
inline constexpr double kNoStopAbove = 0;

// What a worker runs: builds and measures configurations of one spec. One instance per worker
// process; evaluate() may crash or hang (the supervisor handles that), but must not throw.
class KernelBackend
{
public:
    virtual ~KernelBackend() = default;

    // Called once with the spec the supervisor sent; an error ends the worker's setup.
    virtual Status prepare(const Spec &spec) = 0;

    // Build (or fetch from the cache), verify against the reference config, and measure.
    // stopAboveSeconds: the early-exit threshold, the median time above which the configuration
    // is hopeless (JobMessage::stopAboveSeconds; kNoStopAbove = none). A measuring backend stops
    // sampling as soon as the median's interval lies wholly above it (AdaptiveSampler) and
    // records it in the result (figures::kStoppedEarlyAboveSeconds). Backends that do not measure
    // ignore it.
    virtual Result evaluate(const Configuration &config, std::size_t sizeIndex,
                            double stopAboveSeconds) = 0;

    // Whether evaluate() on `sizeIndex` would first have to compute the reference
    // configuration's outputs. The worker then calls prepareReference() before evaluate() and
    // tells the supervisor, so that a reference that crashes or hangs the worker is blamed on
    // the reference, not on the job's configuration.
    virtual bool needsReference(std::size_t /*sizeIndex*/) const { return false; }
    // Computes them: "" when they are known, otherwise why they cannot be had (evaluate() then
    // answers reference_failed with that text). Must not throw.
    virtual std::string prepareReference(std::size_t /*sizeIndex*/) { return {}; }

    // False once the backend cannot go on (a CUDA context left unusable by an illegal address or
    // a trap): the worker sends the result it has, then exits so the supervisor restarts it.
    virtual bool usable() const { return true; }
};

} // namespace tb
