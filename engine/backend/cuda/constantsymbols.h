#pragma once

#include "backend/common/argumentcontents.h"
#include "backend/common/argumentexpressions.h"
#include "backend/common/hostbuffer.h"
#include "cudafailure.h"
#include "model/expected.h"

#include <span>
#include <vector>

namespace tb {

class CudaDriver;
class CudaModule;

// The spec's constant arguments (kind "constant"): the contents of __constant__ arrays that the
// kernel reads by name rather than as parameters, as convolution filters and lookup tables
// are. Each problem size gives each one its element count and, by its init, its contents;
// upload() copies them into a loaded module's symbols. Every module has symbols of its own (the
// reference configuration's too), so each is filled after it is loaded, before its kernel runs.
class ConstantSymbols
{
public:
    // InvalidSpec naming the argument when an expression does not compile.
    static Expected<ConstantSymbols> create(const Spec &spec);

    bool empty() const { return m_symbols.empty(); }

    // Evaluates each element count and refills the host contents whose count (or per-size file
    // or expression) changed. invalid_launch naming the argument when a count is bad or a data
    // file cannot be read.
    CudaStatus bind(std::span<const double> variableValues);

    // Copies each symbol's contents into `module`. compile_error naming the symbol when the
    // module has no such symbol or it is smaller than the contents (the kernel and the spec
    // disagree); a driver failure is classified.
    CudaStatus upload(const CudaDriver &driver, const CudaModule &module) const;

private:
    struct Symbol
    {
        std::size_t expression = 0; // its index in m_expressions (the spec's argument index)
        HostBuffer contents;
        std::uint64_t count = 0;
        std::string contentsKey; // ArgumentContents::key() of the contents
        bool bound = false;
    };

    ConstantSymbols(ArgumentExpressions expressions, ArgumentContents contents);

    ArgumentExpressions m_expressions;
    ArgumentContents m_contents;
    std::vector<Symbol> m_symbols;
};

} // namespace tb
