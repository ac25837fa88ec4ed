#pragma once

#include "model/expected.h"

#include <string>

namespace tb {

// A built kernel library loaded with dlopen(RTLD_NOW | RTLD_LOCAL) and its entry function.
// RTLD_NOW makes an undefined symbol fail here, as a build problem, instead of crashing at the
// first call; RTLD_LOCAL keeps configurations' symbols apart. Closed when destroyed. Move-only.
//
// The entry is looked up by its plain name: C++ kernels must declare it extern "C".
class KernelLibrary
{
public:
    // CompileError when the library does not load or has no such entry.
    static Expected<KernelLibrary> open(const std::string &path, const std::string &entry);

    KernelLibrary(KernelLibrary &&other) noexcept;
    KernelLibrary &operator=(KernelLibrary &&other) noexcept;
    KernelLibrary(const KernelLibrary &) = delete;
    KernelLibrary &operator=(const KernelLibrary &) = delete;
    ~KernelLibrary();

    void *entry() const { return m_entry; }

private:
    KernelLibrary(void *handle, void *entry) : m_handle(handle), m_entry(entry) {}
    void *m_handle = nullptr;
    void *m_entry = nullptr;
};

} // namespace tb
