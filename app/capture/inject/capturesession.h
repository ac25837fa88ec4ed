#pragma once

#include "capture/capturemanifest.h"
#include "capturesettings.h"
#include "launchsnapshot.h"
#include "moduleregistry.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace tb {

// The capture of one application run: which launches to record (the kernel pattern, so many
// of each kernel), the manifest so far, written after every recorded launch so that a crash
// leaves what was seen. Safe to call from the application's threads at once.
class CaptureSession
{
public:
    explicit CaptureSession(CaptureSettings settings);

    const CaptureSettings &settings() const { return m_settings; }
    ModuleRegistry &modules() { return m_modules; }
    bool wantsKernel(const std::string &demangled) const;

    // Counts the launch; a snapshot to take when it is one to record, else null.
    std::unique_ptr<LaunchSnapshot> launchStarting(const std::string &mangled);
    void launchRecorded(const LaunchSnapshot &snapshot);

    void setDevice(std::string name, int major, int minor);
    void addMessage(const std::string &message);
    // The application is leaving normally: the capture is complete.
    void finish();

private:
    void writeManifest(); // with m_mutex held

    CaptureSettings m_settings;
    ModuleRegistry m_modules;
    std::mutex m_mutex;
    CaptureManifest m_manifest;
    std::map<std::string, std::uint64_t> m_recorded; // launches recorded, by demangled name
    std::uint64_t m_launchFolders = 0;
};

} // namespace tb
