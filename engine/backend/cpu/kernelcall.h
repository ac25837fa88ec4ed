#pragma once

#include "model/expected.h"
#include "model/spec.h"

#include <memory>
#include <vector>

namespace tb {

// Calls a kernel with its run-time signature through libffi: one parameter per spec argument,
// in order, buffers as pointers and scalars by their element type (int32 -> int32_t,
// float32 -> float, ...). The kernel's return value, if any, is ignored: the call is declared
// void, which is fine for kernels returning void or a scalar (a scalar comes back in a register
// nobody reads); returning a large struct by value is not supported.
class KernelCall
{
public:
    static Expected<KernelCall> create(const std::vector<Argument> &arguments);

    KernelCall(KernelCall &&) noexcept;
    KernelCall &operator=(KernelCall &&) noexcept;
    ~KernelCall();

    // `argumentValues`: one pointer per argument to its value (ArgumentSet::callArguments()).
    void invoke(void *function, void **argumentValues) const;

private:
    struct Interface; // the ffi_cif and the type array it points into: kept on the heap
    explicit KernelCall(std::unique_ptr<Interface> interface);
    std::unique_ptr<Interface> m_interface;
};

} // namespace tb
