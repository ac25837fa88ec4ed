#pragma once

#include "configuration.h"
#include "expected.h"
#include "result.h"
#include "spec.h"

#include <cstddef>

namespace tb {

// What a worker runs: builds and measures configurations of one spec. One instance per worker
// process; evaluate() may crash or hang (the supervisor handles that), but must not throw.
class KernelBackend
{
public:
    virtual ~KernelBackend() = default;

    // Called once with the spec the supervisor sent; an error ends the worker's setup.
    virtual Status prepare(const Spec &spec) = 0;

    // Build (or fetch from the cache), verify against the reference config, and measure.
    virtual Result evaluate(const Configuration &config, std::size_t sizeIndex) = 0;

    // False once the backend cannot go on (a CUDA context left unusable by an illegal address or
    // a trap): the worker sends the result it has, then exits so the supervisor restarts it.
    virtual bool usable() const { return true; }
};

} // namespace tb
