#include "energymeasurement.h"

#include "energyrun.h"

#include "model/resultfigure.h"

namespace tb {

void EnergyMeasurement::open(const std::string &pciBusId)
{
    m_absent.clear();
    m_meter = EnergyMeter::open(pciBusId, &m_absent);
}

Status EnergyMeasurement::admit(const Spec &spec, const Log &log) const
{
    if (spec.measurement.energySeconds <= 0 || m_meter.available())
        return ok();
    const std::string &objective = spec.objective.metric;
    if (isEnergyObjective(objective))
        return makeError(EngineError::Code::NoDevice,
                         "the objective '" + objective +
                             "' needs NVML's energy counter, and there is none: " + m_absent);
    log("no energy figures (measurement.energy_seconds): " + m_absent);
    return ok();
}

CudaStatus EnergyMeasurement::measure(const CudaDriver &driver, CUstream stream,
                                      const KernelLaunch &launch, const Spec &spec, Result &result,
                                      const Log &log) const
{
    const double seconds = spec.measurement.energySeconds;
    if (seconds <= 0 || !m_meter.available() ||
        result.resources.count(figures::kStoppedEarlyAboveSeconds))
        return {};
    EnergyRun run(driver, stream, m_meter);
    EnergyReading reading;
    std::string why;
    if (CudaStatus ran = run.measure(launch, result.summary.median, seconds, reading, &why); !ran)
        return ran;
    if (why.empty())
        EnergyRun::record(result, reading);
    else
        log("no energy figure for this configuration: " + why);
    return {};
}

} // namespace tb
