#pragma once

#include "backend/common/argumentcontents.h"
#include "backend/common/argumentexpressions.h"
#include "backend/common/hostbuffer.h"
#include "backend/common/outputverifier.h"
#include "model/expected.h"
#include "model/spec.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace tb {

// The kernel's arguments for one configuration and problem size: buffers (64-byte aligned,
// initialised as the spec says) and scalars, in the spec's order, ready for a libffi call.
//
// Buffer sizes and scalar values are expressions of the parameters and sizes, so they are
// evaluated for every configuration; a buffer whose element count did not change is kept with
// its contents (initialisation is deterministic, so it would come out the same), which spares
// re-filling large inputs for every configuration. A buffer read from a per-size file or filled
// by an expression of the sizes is filled again when the problem size changes. Kernels are trusted
// not to write their inputs: a buffer a kernel writes must be marked output, and outputs are
// re-initialised before every verification run (so a kernel that accumulates, y += ..., sees the
// same start).
class ArgumentSet
{
public:
    // Largest buffer accepted, in elements (2^34: 64 GiB of float32).
    static constexpr double kMaxElements = kMaxBufferElements;

    // Compiles the size and value expressions against configurationVariableNames(spec).
    // InvalidSpec naming the argument when one does not compile.
    static Expected<ArgumentSet> create(const Spec &spec);

    // Evaluates sizes and values for configurationValues(spec, config, size) and (re)allocates
    // buffers whose size changed. InvalidArgument naming the argument when a size is negative,
    // fractional, NaN or too large, a scalar does not fit its type, memory runs out, or a data
    // file cannot be read.
    Status bind(std::span<const double> variableValues);

    // Fills the outputs again as their init says, for the values last bound: InvalidArgument
    // when an output's data file cannot be read any more.
    Status resetOutputs();

    // One pointer per argument to its value (for a buffer: to its data pointer): libffi's
    // avalue array. Valid until the next bind().
    void **callArguments() { return m_callArguments.data(); }

    std::size_t size() const { return m_slots.size(); }
    const Argument &argument(std::size_t index) const { return m_expressions.argument(index); }
    // nullptr for scalars and before bind().
    const HostBuffer *buffer(std::size_t index) const;
    std::vector<OutputView> outputs() const;

private:
    struct Slot
    {
        Argument argument;
        HostBuffer buffer;
        std::string contentsKey;              // ArgumentContents::key() of the contents
        void *pointer = nullptr;              // what a buffer argument passes
        alignas(8) unsigned char scalar[8]{}; // what a scalar argument passes
    };

    ArgumentSet(ArgumentExpressions expressions, ArgumentContents contents);
    Status bindBuffer(Slot &slot, double size);

    ArgumentExpressions m_expressions;
    ArgumentContents m_contents;
    std::vector<double> m_values; // the variable values last bound
    std::vector<Slot> m_slots;
    std::vector<void *> m_callArguments;
};

} // namespace tb
