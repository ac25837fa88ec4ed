#include "constantsymbols.h"

#include "cudadriver.h"
#include "cudamodule.h"

#include <new>

namespace tb {

ConstantSymbols::ConstantSymbols(ArgumentExpressions expressions, ArgumentContents contents)
    : m_expressions(std::move(expressions)), m_contents(std::move(contents))
{
    for (std::size_t i = 0; i < m_expressions.size(); ++i)
        if (m_expressions.argument(i).kind == Argument::Kind::Constant)
            m_symbols.push_back({i, {}, 0, {}, false});
}

Expected<ConstantSymbols> ConstantSymbols::create(const Spec &spec)
{
    auto expressions = ArgumentExpressions::create(spec);
    if (!expressions)
        return expressions.error();
    return ConstantSymbols(std::move(*expressions), ArgumentContents(spec));
}

CudaStatus ConstantSymbols::bind(std::span<const double> variableValues)
{
    for (Symbol &symbol : m_symbols) {
        const Argument &argument = m_expressions.argument(symbol.expression);
        const auto count =
            bufferElementCount(argument, m_expressions.evaluate(symbol.expression, variableValues));
        if (!count)
            return CudaFailure{ResultStatus::InvalidLaunch, count.error().toString(), false};
        std::string key = m_contents.key(argument, variableValues);
        if (symbol.bound && symbol.count == *count && symbol.contentsKey == key)
            continue;
        symbol.bound = false;
        try {
            symbol.contents = HostBuffer(argument.type, *count);
        } catch (const std::bad_alloc &) {
            return CudaFailure{
                ResultStatus::InvalidLaunch,
                argumentError(argument, "cannot allocate its contents on the host").toString(),
                false};
        }
        if (Status filled = m_contents.fill(argument, symbol.contents, variableValues); !filled)
            return CudaFailure{ResultStatus::InvalidLaunch, filled.error().toString(), false};
        symbol.count = *count;
        symbol.contentsKey = std::move(key);
        symbol.bound = true;
    }
    return {};
}

CudaStatus ConstantSymbols::upload(const CudaDriver &driver, const CudaModule &module) const
{
    for (const Symbol &symbol : m_symbols) {
        const Argument &argument = m_expressions.argument(symbol.expression);
        CUdeviceptr pointer = 0;
        std::size_t bytes = 0;
        if (CudaStatus found = module.global(argument.name, pointer, bytes); !found) {
            if (found.failure().breaksContext)
                return found;
            return CudaFailure{ResultStatus::CompileError,
                               "constant argument '" + argument.name +
                                   "': the kernel declares no __constant__ symbol of that name "
                                   "(at namespace scope, not in a namespace or a template)",
                               false};
        }
        if (bytes < symbol.contents.bytes())
            return CudaFailure{ResultStatus::CompileError,
                               "constant argument '" + argument.name + "': the spec fills " +
                                   std::to_string(symbol.contents.bytes()) +
                                   " bytes, the kernel's __constant__ symbol holds " +
                                   std::to_string(bytes),
                               false};
        if (symbol.contents.bytes() == 0)
            continue;
        if (CudaStatus copied = driver.check(
                driver.memcpyHtoD(pointer, symbol.contents.data(), symbol.contents.bytes()),
                "cuMemcpyHtoD(" + argument.name + ")");
            !copied)
            return copied;
    }
    return {};
}

} // namespace tb
