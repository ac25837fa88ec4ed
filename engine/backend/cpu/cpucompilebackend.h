#pragma once

#include "cpubuilder.h"
#include "model/kernelbackend.h"

#include <optional>
#include <string>

namespace tb {

// The "cpu-compile" worker role: builds CPU configurations in parallel, ahead of the one
// measuring "cpu" worker, so that kernels are never timed side by side. Each evaluation builds
// the shared object (or finds it in the shared cache, where the measuring worker's own
// CpuBuilder then finds it too). Results: ok (built; no samples, timer "none"), compile_error
// (message, full log in compilerLog). Nothing of the kernel runs here.
class CpuCompileBackend : public KernelBackend
{
public:
    explicit CpuCompileBackend(std::string cacheDirectory);

    // InvalidSpec when the spec is not a cpu spec of C or C++; IoError when the cache directory
    // cannot be created.
    Status prepare(const Spec &spec) override;

    // Never throws.
    Result evaluate(const Configuration &config, std::size_t sizeIndex,
                    double stopAboveSeconds) override;

private:
    CpuBuilder m_builder;
    std::optional<Spec> m_spec;
};

} // namespace tb
