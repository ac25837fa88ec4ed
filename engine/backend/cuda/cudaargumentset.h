#pragma once

#include "backend/common/argumentcontents.h"
#include "backend/common/argumentexpressions.h"
#include "backend/common/hostbuffer.h"
#include "cudafailure.h"
#include "devicebuffer.h"
#include "deviceverifier.h"
#include "model/expected.h"

#include <span>
#include <vector>

namespace tb {

class CudaDriver;

// A kernel's arguments on the device for one configuration and problem size, in the spec's
// order, ready for cuLaunchKernel: buffers in device memory (sized by their expression,
// initialised by filling a HostBuffer as the CPU backend does and copying it over) and scalars
// in their element type. Constant arguments are no parameters: ConstantSymbols fills them. A
// buffer read from a file is uploaded from the file's mapping itself, with no host copy.
//
// As in the CPU backend, a buffer whose element count did not change is kept with its contents
// (initialisation is deterministic), kernels are trusted not to write their inputs, and outputs
// are re-initialised before every verification run: a second device buffer keeps their initial
// contents for that, copied back device-to-device (no host copy is kept: re-uploading a 64 MB
// output from the host for every configuration cost more than its kernel).
class CudaArgumentSet
{
public:
    // InvalidSpec naming the argument when an expression does not compile.
    static Expected<CudaArgumentSet> create(const Spec &spec, const CudaDriver &driver);

    // Evaluates sizes and values and (re)allocates, fills and uploads buffers whose size
    // changed. invalid_launch naming the argument when a size or value is bad or memory runs
    // out; a driver failure is classified (a broken context is runtime_error).
    CudaStatus bind(std::span<const double> variableValues);

    // Restores the outputs' initial contents (device to device).
    CudaStatus resetOutputs();
    // The output buffers, in the spec's order, where they lie on the device.
    std::vector<DeviceOutput> outputs() const;

    // cuLaunchKernel's kernelParams: one pointer per buffer or scalar argument to its value (a
    // CUdeviceptr for a buffer). The pointers stay the same for the set's life; bind() changes
    // the values they point at.
    void **kernelParams() { return m_kernelParams.data(); }

    std::size_t size() const { return m_slots.size(); }
    const DeviceBuffer *buffer(std::size_t index) const;

private:
    struct Slot
    {
        Argument argument;
        DeviceBuffer device;
        std::uint64_t count = 0;
        std::string contentsKey; // ArgumentContents::key() of the contents
        DeviceBuffer initial;    // outputs only: what resetOutputs() copies back
        CUdeviceptr pointer = 0;
        alignas(8) unsigned char scalar[8]{};
    };

    CudaArgumentSet(ArgumentExpressions expressions, ArgumentContents contents,
                    const CudaDriver &driver);
    CudaStatus bindBuffer(Slot &slot, double size, std::span<const double> variableValues);
    CudaStatus fill(Slot &slot, std::uint64_t count, std::span<const double> variableValues);

    ArgumentExpressions m_expressions;
    ArgumentContents m_contents;
    std::vector<Slot> m_slots;
    std::vector<void *> m_kernelParams;
};

} // namespace tb
