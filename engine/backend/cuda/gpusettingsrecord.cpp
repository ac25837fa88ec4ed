#include "gpusettingsrecord.h"

#include "backend/common/atomicfile.h"

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <sstream>

namespace tb {

namespace {

constexpr const char *kExtension = ".settings";

// kill(pid, 0) fails with ESRCH only when no such process exists; EPERM means another
// user's process, alive.
bool processAlive(pid_t pid)
{
    return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM);
}

} // namespace

std::string GpuSettingsRecord::directoryFor(const std::string &cacheDirectory)
{
    return (std::filesystem::path(cacheDirectory) / "gpu-settings").string();
}

std::string GpuSettingsRecord::pathIn(const std::string &directory) const
{
    return (std::filesystem::path(directory) / (std::to_string(pid) + kExtension)).string();
}

Status GpuSettingsRecord::save(const std::string &directory) const
{
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error)
        return makeError(EngineError::Code::IoError, "cannot create " + directory, error.message());
    std::ostringstream text;
    text << "pid " << pid << "\npci_bus_id " << pciBusId << "\nclocks_locked "
         << (clocksLocked ? 1 : 0) << "\n";
    if (originalPowerLimitMw)
        text << "power_limit_mw " << *originalPowerLimitMw << "\n";
    return writeFileAtomically(pathIn(directory), text.str());
}

Expected<GpuSettingsRecord> GpuSettingsRecord::load(const std::string &path)
{
    const auto text = readTextFile(path);
    if (!text)
        return makeError(EngineError::Code::IoError, "cannot read " + path);
    GpuSettingsRecord record;
    std::istringstream lines(*text);
    std::string key;
    while (lines >> key) {
        if (key == "pid")
            lines >> record.pid;
        else if (key == "pci_bus_id")
            lines >> record.pciBusId;
        else if (key == "clocks_locked")
            lines >> record.clocksLocked;
        else if (key == "power_limit_mw")
            record.originalPowerLimitMw = [&] {
                unsigned value = 0;
                lines >> value;
                return value;
            }();
        else
            lines.setstate(std::ios::failbit);
    }
    if (!lines.eof() || record.pid <= 0 || record.pciBusId.empty())
        return makeError(EngineError::Code::IoError, "not a GPU settings record: " + path);
    return record;
}

std::vector<std::string> GpuSettingsRecord::leftoversIn(const std::string &directory)
{
    std::vector<std::string> leftovers;
    std::error_code error;
    for (const auto &entry : std::filesystem::directory_iterator(directory, error)) {
        if (entry.path().extension() != kExtension)
            continue;
        const std::string stem = entry.path().stem().string();
        if (stem.empty() || stem.size() > 9 ||
            stem.find_first_not_of("0123456789") != std::string::npos)
            continue;
        if (!processAlive(static_cast<pid_t>(std::stol(stem))))
            leftovers.push_back(entry.path().string());
    }
    return leftovers;
}

} // namespace tb
