#pragma once

#include "capture/cubinsymbols.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace tb {

// The modules the application loaded that hold a kernel the capture wants: each one's image
// saved as DIR/modules/module-<id>.cubin, with its symbols. CUPTI hands a module's image only
// while it loads, and a launch names its kernel, not the module: the registry ties the two by
// the kernel's symbol.
class ModuleRegistry
{
public:
    struct Module
    {
        std::string file; // relative to the capture folder
        CubinSymbols symbols;
    };

    explicit ModuleRegistry(std::filesystem::path directory) : m_directory(std::move(directory)) {}

    // Keeps the image when `wanted` accepts one of its functions (a mangled name); "" or why
    // it could not be saved.
    std::string add(std::uint32_t moduleId, std::span<const std::byte> image,
                    const std::function<bool(const std::string &)> &wanted);

    // The module that defines the kernel `mangled`, if one was kept.
    std::optional<Module> moduleOf(const std::string &mangled) const;

private:
    std::filesystem::path m_directory;
    mutable std::mutex m_mutex;
    std::vector<Module> m_modules;
};

} // namespace tb
