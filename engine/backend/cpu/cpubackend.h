#pragma once

#include "argumentset.h"
#include "backend/common/outputverifier.h"
#include "cpubuilder.h"
#include "data/datafile.h"
#include "kernelcall.h"
#include "kernellibrary.h"
#include "measure/measurementobservers.h"
#include "model/kernelbackend.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tb {

// Runs C and C++ kernels on the host: builds each configuration into a shared object (cached,
// see CpuBuilder), loads it, binds the arguments for the problem size, checks its outputs
// against the reference configuration or the expected files, and times calls with
// std::chrono::steady_clock (warm-up runs, then adaptive sampling, see AdaptiveSampler).
//
// The entry is called through libffi with the spec's argument list; for C++ it must be declared
// extern "C".
class CpuBackend : public KernelBackend
{
public:
    explicit CpuBackend(std::string cacheDirectory);

    // InvalidSpec when the spec is not a cpu spec or an argument expression does not compile;
    // IoError when the cache directory cannot be created.
    Status prepare(const Spec &spec) override;

    // Never throws: an exception out of the kernel's C++ code becomes runtime_error.
    Result evaluate(const Configuration &config, std::size_t sizeIndex,
                    double stopAboveSeconds) override;

    bool needsReference(std::size_t sizeIndex) const override;
    std::string prepareReference(std::size_t sizeIndex) override;

private:
    // What the reference configuration produced for one problem size: its outputs, or why it
    // could not produce them.
    struct Reference
    {
        std::string failure;
        std::vector<OutputSnapshot> outputs;
    };

    Result run(const Configuration &config, std::size_t sizeIndex, double stopAboveSeconds);
    std::optional<KernelLibrary> buildAndLoad(const Configuration &config, Result &result);
    const Reference &referenceFor(std::size_t sizeIndex);
    Reference computeReference(std::size_t sizeIndex);
    Expected<std::string> compareOutputs(const Reference *reference, std::size_t sizeIndex);
    Expected<const DataFile *> expectedFile(const OutputView &output, std::size_t sizeIndex);
    Status bindFor(const Configuration &config, std::size_t sizeIndex);
    void measure(const KernelLibrary &library, double stopAboveSeconds, Result &result);

    CpuBuilder m_builder;
    std::optional<Spec> m_spec;
    std::optional<ArgumentSet> m_arguments;
    std::optional<KernelCall> m_call;
    std::map<std::size_t, Reference> m_references; // by problem size
    // The files outputs are compared with, mapped once: by problem size and output name.
    std::map<std::pair<std::size_t, std::string>, DataFile> m_expectedFiles;
    MeasurementObservers m_observers; // the load other processes put on the CPUs
};

} // namespace tb
