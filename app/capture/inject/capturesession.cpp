#include "capturesession.h"

#include "capture/capturemanifestwriter.h"
#include "model/symbolname.h"

#include <algorithm>
#include <fstream>

namespace tb {

namespace {

std::vector<std::string> ownCommandLine()
{
    std::ifstream in("/proc/self/cmdline", std::ios::binary);
    std::vector<std::string> command;
    for (std::string word; std::getline(in, word, '\0');)
        command.push_back(word);
    return command;
}

} // namespace

CaptureSession::CaptureSession(CaptureSettings settings)
    : m_settings(std::move(settings)), m_modules(m_settings.directory)
{
    m_manifest.command = ownCommandLine();
    const std::lock_guard lock(m_mutex);
    writeManifest();
}

bool CaptureSession::wantsKernel(const std::string &demangled) const
{
    return std::regex_search(demangled, m_settings.kernel);
}

std::unique_ptr<LaunchSnapshot> CaptureSession::launchStarting(const std::string &mangled)
{
    const std::string name = demangledName(mangled);
    const std::lock_guard lock(m_mutex);
    auto &seen = m_manifest.kernelsSeen;
    auto entry = std::find_if(seen.begin(), seen.end(),
                              [&](const KernelSeen &kernel) { return kernel.name == name; });
    if (entry == seen.end())
        entry = seen.insert(seen.end(), KernelSeen{name, 0});
    ++entry->launches;
    if (!wantsKernel(name) || m_recorded[name] >= m_settings.launchesPerKernel)
        return nullptr;
    ++m_recorded[name];
    const std::string folder = "launch-" + std::to_string(m_launchFolders++);
    return std::make_unique<LaunchSnapshot>(m_settings, m_modules, folder, mangled, name);
}

void CaptureSession::launchRecorded(const LaunchSnapshot &snapshot)
{
    const std::lock_guard lock(m_mutex);
    m_manifest.launches.push_back(snapshot.launch());
    for (const std::string &message : snapshot.messages())
        m_manifest.messages.push_back(message);
    writeManifest();
}

void CaptureSession::setDevice(std::string name, int major, int minor)
{
    const std::lock_guard lock(m_mutex);
    m_manifest.deviceName = std::move(name);
    m_manifest.computeCapability = {major, minor};
    writeManifest();
}

void CaptureSession::addMessage(const std::string &message)
{
    const std::lock_guard lock(m_mutex);
    m_manifest.messages.push_back(message);
    writeManifest();
}

void CaptureSession::finish()
{
    const std::lock_guard lock(m_mutex);
    m_manifest.complete = true;
    writeManifest();
}

void CaptureSession::writeManifest()
{
    if (Status written = writeCaptureManifest(m_settings.directory, m_manifest); !written)
        m_manifest.messages.push_back(written.error().message); // kept for the next write
}

} // namespace tb
