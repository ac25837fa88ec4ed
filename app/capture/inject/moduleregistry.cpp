#include "moduleregistry.h"

#include <algorithm>
#include <fstream>

namespace tb {

std::string ModuleRegistry::add(std::uint32_t moduleId, std::span<const std::byte> image,
                                const std::function<bool(const std::string &)> &wanted)
{
    CubinSymbols symbols = readCubinSymbols(image);
    if (std::none_of(symbols.functions.begin(), symbols.functions.end(), wanted))
        return {};
    const std::string file = "modules/module-" + std::to_string(moduleId) + ".cubin";
    std::error_code error;
    std::filesystem::create_directories(m_directory / "modules", error);
    std::ofstream out(m_directory / file, std::ios::binary);
    out.write(reinterpret_cast<const char *>(image.data()),
              static_cast<std::streamsize>(image.size()));
    if (!out)
        return "cannot save the module image " + (m_directory / file).string();
    const std::lock_guard lock(m_mutex);
    m_modules.push_back({file, std::move(symbols)});
    return {};
}

std::optional<ModuleRegistry::Module> ModuleRegistry::moduleOf(const std::string &mangled) const
{
    const std::lock_guard lock(m_mutex);
    for (const Module &module : m_modules) {
        const auto &functions = module.symbols.functions;
        if (std::find(functions.begin(), functions.end(), mangled) != functions.end())
            return module;
    }
    return std::nullopt;
}

} // namespace tb
