#include "gpusettings.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <unistd.h>

namespace tb {

namespace {

constexpr NvmlLibrary::Return kInsufficientSize = 7; // NVML_ERROR_INSUFFICIENT_SIZE
// On an H200 NVML went on reporting the previous lock's clock while the GPU's own timer already
// ran at the new one (bench/results/energy.md).
constexpr auto kClockSettleLimit = std::chrono::seconds(1);
constexpr auto kClockPoll = std::chrono::milliseconds(2);
constexpr unsigned kClockToleranceMhz = 15; // one step of the H200's clock table

bool hasSetters(const NvmlLibrary &nvml)
{
    return nvml.deviceSetGpuLockedClocks && nvml.deviceResetGpuLockedClocks &&
           nvml.deviceGetSupportedMemoryClocks && nvml.deviceGetSupportedGraphicsClocks &&
           nvml.deviceGetPowerManagementLimit && nvml.deviceGetPowerManagementLimitConstraints &&
           nvml.deviceSetPowerManagementLimit;
}

// NVML's two-call list: ask for the count, then fill.
template <typename Query> std::vector<unsigned> clockList(Query query)
{
    unsigned count = 0;
    if (const auto code = query(&count, nullptr);
        code != kInsufficientSize && code != NvmlLibrary::kSuccess)
        return {};
    std::vector<unsigned> clocks(count);
    if (count == 0 || query(&count, clocks.data()) != NvmlLibrary::kSuccess)
        return {};
    clocks.resize(count);
    return clocks;
}

EngineError nvmlError(const NvmlLibrary &nvml, NvmlLibrary::Return code, const std::string &what)
{
    if (code == NvmlLibrary::kNoPermission)
        return makeError(EngineError::Code::BackendError,
                         "changing GPU clocks or power limits needs root: NVML refused to " + what,
                         nvml.errorText(code));
    return makeError(EngineError::Code::BackendError, "NVML could not " + what,
                     nvml.errorText(code));
}

} // namespace

Expected<std::unique_ptr<GpuSettings>> GpuSettings::open(const std::string &pciBusId,
                                                         std::string recordDirectory)
{
    auto nvml = NvmlLibrary::load();
    if (!nvml)
        return nvml.error();
    if (!hasSetters(*nvml))
        return makeError(EngineError::Code::NoDevice,
                         "this NVML cannot set GPU clocks or power limits");
    const auto device = nvml->deviceAt(pciBusId);
    if (!device)
        return device.error();
    std::unique_ptr<GpuSettings> settings(new GpuSettings(*nvml, *device));
    settings->m_recordDirectory = std::move(recordDirectory);
    settings->m_record.pid = ::getpid();
    settings->m_record.pciBusId = pciBusId;
    if (Status read = settings->readLimits(); !read)
        return read.error();
    if (Status allowed = settings->checkPermission(); !allowed)
        return allowed.error();
    return settings;
}

Expected<std::unique_ptr<GpuSettings>>
GpuSettings::openFor(const std::vector<Parameter> &parameters, const std::string &pciBusId,
                     std::string recordDirectory)
{
    if (!tunesGpuSettings(parameters))
        return std::unique_ptr<GpuSettings>();
    auto settings = open(pciBusId, std::move(recordDirectory));
    if (!settings)
        return settings;
    for (const Parameter &parameter : parameters) {
        for (const double value : parameter.values) {
            const auto whole = static_cast<unsigned>(value); // the spec checker allows no other
            const Status accepted =
                parameter.name == kGpuClockParameter     ? (*settings)->checkClock(whole)
                : parameter.name == kPowerLimitParameter ? (*settings)->checkPowerLimit(whole)
                                                         : ok();
            if (!accepted)
                return accepted.error();
        }
    }
    return settings;
}

GpuSettings::~GpuSettings()
{
    restore();
}

Status GpuSettings::readLimits()
{
    const auto memory = clockList([&](unsigned *count, unsigned *clocks) {
        return m_nvml.deviceGetSupportedMemoryClocks(m_device, count, clocks);
    });
    const unsigned fastestMemory =
        memory.empty() ? 0 : *std::max_element(memory.begin(), memory.end());
    const auto graphics = clockList([&](unsigned *count, unsigned *clocks) {
        return m_nvml.deviceGetSupportedGraphicsClocks(m_device, fastestMemory, count, clocks);
    });
    if (graphics.empty())
        return makeError(EngineError::Code::BackendError,
                         "NVML lists no supported clocks for this GPU");
    const auto [least, most] = std::minmax_element(graphics.begin(), graphics.end());
    m_clockMinMhz = *least;
    m_clockMaxMhz = *most;
    if (const auto code =
            m_nvml.deviceGetPowerManagementLimitConstraints(m_device, &m_powerMinMw, &m_powerMaxMw);
        code != NvmlLibrary::kSuccess)
        return nvmlError(m_nvml, code, "read the power limit's range");
    if (const auto code = m_nvml.deviceGetPowerManagementLimit(m_device, &m_originalPowerMw);
        code != NvmlLibrary::kSuccess)
        return nvmlError(m_nvml, code, "read the power limit");
    return ok();
}

// Setting the power limit to what it is changes nothing, and NVML refuses it as it refuses
// every setter without root: the run learns it before its first configuration.
Status GpuSettings::checkPermission() const
{
    if (const auto code = m_nvml.deviceSetPowerManagementLimit(m_device, m_originalPowerMw);
        code != NvmlLibrary::kSuccess)
        return nvmlError(m_nvml, code, "set the power limit");
    return ok();
}

Status GpuSettings::checkClock(unsigned mhz) const
{
    if (mhz >= m_clockMinMhz && mhz <= m_clockMaxMhz)
        return ok();
    return makeError(EngineError::Code::InvalidSpec, "gpu_clock_mhz " + std::to_string(mhz) +
                                                         " is outside this GPU's clocks, " +
                                                         std::to_string(m_clockMinMhz) + " to " +
                                                         std::to_string(m_clockMaxMhz) + " MHz");
}

Status GpuSettings::checkPowerLimit(unsigned watts) const
{
    const unsigned milliwatts = watts * 1000;
    if (milliwatts >= m_powerMinMw && milliwatts <= m_powerMaxMw)
        return ok();
    return makeError(EngineError::Code::InvalidSpec,
                     "power_limit_w " + std::to_string(watts) +
                         " is outside this GPU's power limits, " +
                         std::to_string(m_powerMinMw / 1000) + " to " +
                         std::to_string(m_powerMaxMw / 1000) + " W");
}

Status GpuSettings::apply(const GpuSettingValues &wanted)
{
    if (wanted == m_applied)
        return ok();
    if (wanted.clockMhz && wanted.clockMhz != m_applied.clockMhz) {
        if (Status locked = lockClocks(*wanted.clockMhz); !locked)
            return locked;
    }
    if (wanted.powerLimitW && wanted.powerLimitW != m_applied.powerLimitW) {
        if (Status limited = setPowerLimit(*wanted.powerLimitW * 1000); !limited)
            return limited;
    }
    if (!wanted.clockMhz && m_applied.clockMhz) {
        m_nvml.deviceResetGpuLockedClocks(m_device);
        m_applied.clockMhz.reset();
    }
    if (!wanted.powerLimitW && m_applied.powerLimitW) {
        m_nvml.deviceSetPowerManagementLimit(m_device, m_originalPowerMw);
        m_applied.powerLimitW.reset();
    }
    return ok();
}

// The record goes to disk before the change: a worker killed between the two leaves a record
// whose restore changes nothing.
Status GpuSettings::lockClocks(unsigned mhz)
{
    if (!m_record.clocksLocked) {
        m_record.clocksLocked = true;
        if (Status saved = saveRecord(); !saved)
            return saved;
    }
    if (const auto code = m_nvml.deviceSetGpuLockedClocks(m_device, mhz, mhz);
        code != NvmlLibrary::kSuccess)
        return nvmlError(m_nvml, code, "lock the GPU clock at " + std::to_string(mhz) + " MHz");
    m_applied.clockMhz = mhz;
    awaitClock(mhz);
    return ok();
}

// Until NVML reports the new clock, so that the configuration's first samples and its clock
// figures are of it. A clock that does not arrive within the limit is left to the results'
// clock checks (sm_clock_effective_mhz against sm_clock_mhz).
void GpuSettings::awaitClock(unsigned mhz) const
{
    const auto giveUp = std::chrono::steady_clock::now() + kClockSettleLimit;
    do {
        unsigned seen = 0;
        if (m_nvml.deviceGetClockInfo(m_device, NvmlLibrary::kClockSm, &seen) ==
                NvmlLibrary::kSuccess &&
            seen + kClockToleranceMhz >= mhz && seen <= mhz + kClockToleranceMhz)
            return;
        std::this_thread::sleep_for(kClockPoll);
    } while (std::chrono::steady_clock::now() < giveUp);
}

Status GpuSettings::setPowerLimit(unsigned milliwatts)
{
    if (!m_record.originalPowerLimitMw) {
        m_record.originalPowerLimitMw = m_originalPowerMw;
        if (Status saved = saveRecord(); !saved)
            return saved;
    }
    if (const auto code = m_nvml.deviceSetPowerManagementLimit(m_device, milliwatts);
        code != NvmlLibrary::kSuccess)
        return nvmlError(m_nvml, code,
                         "set the power limit to " + std::to_string(milliwatts / 1000) + " W");
    m_applied.powerLimitW = milliwatts / 1000;
    return ok();
}

Status GpuSettings::saveRecord()
{
    if (Status saved = m_record.save(m_recordDirectory); !saved)
        return makeError(EngineError::Code::IoError,
                         "cannot keep a record of the GPU settings to restore, so none is changed",
                         saved.error().toString());
    return ok();
}

void GpuSettings::restore()
{
    if (!m_record.clocksLocked && !m_record.originalPowerLimitMw)
        return;
    (void)restoreFrom(m_nvml, m_record);
    std::remove(m_record.pathIn(m_recordDirectory).c_str());
    m_record.clocksLocked = false;
    m_record.originalPowerLimitMw.reset();
    m_applied = {};
}

Status GpuSettings::restoreFrom(const NvmlLibrary &nvml, const GpuSettingsRecord &record)
{
    const auto found = nvml.deviceAt(record.pciBusId);
    if (!found)
        return found.error();
    NvmlLibrary::Device device = *found;
    if (record.clocksLocked) {
        if (const auto code = nvml.deviceResetGpuLockedClocks(device);
            code != NvmlLibrary::kSuccess)
            return nvmlError(nvml, code, "unlock the clocks of the GPU at " + record.pciBusId);
    }
    if (record.originalPowerLimitMw) {
        if (const auto code =
                nvml.deviceSetPowerManagementLimit(device, *record.originalPowerLimitMw);
            code != NvmlLibrary::kSuccess)
            return nvmlError(nvml, code,
                             "restore the power limit of the GPU at " + record.pciBusId);
    }
    return ok();
}

std::vector<std::string> GpuSettings::restoreLeftovers(const std::string &recordDirectory)
{
    std::vector<std::string> lines;
    const auto leftovers = GpuSettingsRecord::leftoversIn(recordDirectory);
    if (leftovers.empty())
        return lines;
    auto nvml = NvmlLibrary::load();
    if (!nvml || !hasSetters(*nvml))
        return {"GPU settings left by a killed worker cannot be restored: " +
                (nvml ? std::string("this NVML has no setters") : nvml.error().toString())};
    for (const std::string &path : leftovers) {
        const auto record = GpuSettingsRecord::load(path);
        if (!record) {
            lines.push_back(record.error().toString());
            continue;
        }
        const Status restored = restoreFrom(*nvml, *record);
        if (!restored) {
            lines.push_back(restored.error().toString());
            continue;
        }
        std::remove(path.c_str());
        lines.push_back(
            "restored the GPU at " + record->pciBusId + " as worker " +
            std::to_string(record->pid) + " found it (" +
            (record->clocksLocked ? "clocks unlocked" : "clocks untouched") +
            (record->originalPowerLimitMw
                 ? ", power limit " + std::to_string(*record->originalPowerLimitMw / 1000) + " W"
                 : std::string()) +
            ")");
    }
    return lines;
}

} // namespace tb
