#include "kernelcall.h"

#include <ffi.h>

namespace tb {

namespace {

ffi_type *ffiType(const Argument &argument)
{
    if (argument.kind == Argument::Kind::Buffer)
        return &ffi_type_pointer;
    switch (argument.type) {
    case ElementType::Int8:
        return &ffi_type_sint8;
    case ElementType::Int16:
        return &ffi_type_sint16;
    case ElementType::Int32:
        return &ffi_type_sint32;
    case ElementType::Int64:
        return &ffi_type_sint64;
    case ElementType::UInt8:
        return &ffi_type_uint8;
    case ElementType::UInt16:
        return &ffi_type_uint16;
    case ElementType::UInt32:
        return &ffi_type_uint32;
    case ElementType::UInt64:
        return &ffi_type_uint64;
    case ElementType::Float32:
        return &ffi_type_float;
    case ElementType::Float64:
        return &ffi_type_double;
    case ElementType::Float16:
    case ElementType::BFloat16:
        return &ffi_type_uint16; // the bits; the spec reader keeps these types from cpu specs
    case ElementType::Float8E4M3:
    case ElementType::Float8E5M2:
        return &ffi_type_uint8;
    }
    return &ffi_type_pointer;
}

} // namespace

struct KernelCall::Interface
{
    ffi_cif cif{};
    std::vector<ffi_type *> types;
};

Expected<KernelCall> KernelCall::create(const std::vector<Argument> &arguments)
{
    auto interface = std::make_unique<Interface>();
    for (const auto &argument : arguments)
        interface->types.push_back(ffiType(argument));
    const ffi_status status =
        ffi_prep_cif(&interface->cif, FFI_DEFAULT_ABI, static_cast<unsigned>(arguments.size()),
                     &ffi_type_void, interface->types.data());
    if (status != FFI_OK)
        return makeError(EngineError::Code::BackendError,
                         "libffi cannot describe the kernel's signature",
                         "ffi_prep_cif returned " + std::to_string(static_cast<int>(status)));
    return KernelCall(std::move(interface));
}

KernelCall::KernelCall(std::unique_ptr<Interface> interface) : m_interface(std::move(interface)) {}
KernelCall::KernelCall(KernelCall &&) noexcept = default;
KernelCall &KernelCall::operator=(KernelCall &&) noexcept = default;
KernelCall::~KernelCall() = default;

void KernelCall::invoke(void *function, void **argumentValues) const
{
    // dlsym hands out an object pointer; POSIX guarantees it converts to a function pointer.
    auto *entry = reinterpret_cast<void (*)()>(function);
    ffi_arg ignored = 0;
    ffi_call(&m_interface->cif, entry, &ignored, argumentValues);
}

} // namespace tb
