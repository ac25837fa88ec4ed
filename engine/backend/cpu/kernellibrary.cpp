#include "kernellibrary.h"

#include <dlfcn.h>
#include <utility>

namespace tb {

namespace {

std::string lastDlError()
{
    const char *text = ::dlerror();
    return text ? text : "unknown dynamic loader error";
}

bool isPlainSymbol(const std::string &name)
{
    if (name.empty())
        return false;
    for (char c : name) {
        const bool word =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        if (!word)
            return false;
    }
    return true;
}

} // namespace

Expected<KernelLibrary> KernelLibrary::open(const std::string &path, const std::string &entry)
{
    if (!isPlainSymbol(entry))
        return makeError(EngineError::Code::CompileError,
                         "entry '" + entry +
                             "' is not a plain function name; the cpu backend calls an "
                             "extern \"C\" function by its name");
    ::dlerror();
    void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle)
        return makeError(EngineError::Code::CompileError, "cannot load the built library",
                         lastDlError());
    ::dlerror();
    void *function = ::dlsym(handle, entry.c_str());
    if (!function) {
        const std::string detail = lastDlError();
        ::dlclose(handle);
        return makeError(EngineError::Code::CompileError,
                         "entry '" + entry +
                             "' not found in the built library (a C++ kernel needs "
                             "extern \"C\")",
                         detail);
    }
    return KernelLibrary(handle, function);
}

KernelLibrary::KernelLibrary(KernelLibrary &&other) noexcept
    : m_handle(std::exchange(other.m_handle, nullptr)),
      m_entry(std::exchange(other.m_entry, nullptr))
{}

KernelLibrary &KernelLibrary::operator=(KernelLibrary &&other) noexcept
{
    if (this != &other) {
        if (m_handle)
            ::dlclose(m_handle);
        m_handle = std::exchange(other.m_handle, nullptr);
        m_entry = std::exchange(other.m_entry, nullptr);
    }
    return *this;
}

KernelLibrary::~KernelLibrary()
{
    if (m_handle)
        ::dlclose(m_handle);
}

} // namespace tb
