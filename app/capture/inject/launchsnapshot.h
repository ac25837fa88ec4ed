#pragma once

#include "capture/capturemanifest.h"
#include "capture/kernelsignature.h"
#include "capturesettings.h"
#include "moduleregistry.h"

#include <cuda.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace tb {

// What one kernel launch is given, as the driver's launch call names it.
struct LaunchCall
{
    CUfunction function = nullptr;
    std::array<std::uint32_t, 3> grid{1, 1, 1};
    std::array<std::uint32_t, 3> block{1, 1, 1};
    std::uint32_t dynamicSharedBytes = 0;
    void **kernelParams = nullptr; // one pointer per parameter, or null with `extra`
    void **extra = nullptr;        // CU_LAUNCH_PARAM_BUFFER_POINTER and _SIZE, or null
};

// Records one launch: before it, every argument (a pointer's memory saved as .npy) and the
// module's variables; after it, each pointer's memory again, marked written where it changed.
// The GPU is synchronised first both times, so "before" is what the kernel reads and "after"
// what it left. Problems become messages; nothing here throws or stops the application.
class LaunchSnapshot
{
public:
    LaunchSnapshot(const CaptureSettings &settings, const ModuleRegistry &modules,
                   std::string folder, std::string mangled, std::string demangled);

    void before(const LaunchCall &given);
    // launched: the launch call succeeded (otherwise no "after" is taken).
    void after(bool launched);

    const CapturedLaunch &launch() const { return m_launch; }
    const std::vector<std::string> &messages() const { return m_messages; }

private:
    struct PointerMemory
    {
        std::size_t argument = 0; // index into m_launch.arguments
        CUdeviceptr address = 0;
        std::vector<std::byte> before;
    };

    std::vector<std::pair<const void *, std::size_t>> parameterBytes(const LaunchCall &call);
    void recordArgument(int index, const void *bytes, std::size_t size,
                        const ParameterSignature *signature);
    bool recordPointer(CapturedArgument &argument, CUdeviceptr address);
    void recordGlobals(CUfunction function, const std::vector<ModuleVariable> &variables);
    // Saves as `stem`.npy or `stem`.bin (writeCapturedData) in the launch's folder: the path
    // relative to the capture folder, "" (with a message) when it cannot be written.
    std::string save(const std::string &stem, std::optional<ElementType> type,
                     const std::vector<std::byte> &bytes);
    void note(const std::string &text);

    const CaptureSettings &m_settings;
    const ModuleRegistry &m_modules;
    std::string m_folder; // "launch-0"
    CapturedLaunch m_launch;
    std::vector<PointerMemory> m_pointers;
    std::vector<std::string> m_messages;
};

} // namespace tb
