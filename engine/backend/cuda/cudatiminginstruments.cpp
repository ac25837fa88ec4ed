#include "cudatiminginstruments.h"

#include "backend/common/lapclock.h"

#include "contextswitcher.h"
#include "cudacontext.h"
#include "cudameasurement.h"
#include "cuptirecordcalibration.h"
#include "cuptitimer.h"
#include "gpuclockmonitor.h"
#include "l2flusher.h"
#include "model/resultfigure.h"
#include "smclockprobe.h"

namespace tb {

CudaTimingInstruments::CudaTimingInstruments(Log log) : m_log(std::move(log)) {}

CudaTimingInstruments::~CudaTimingInstruments() = default;

void CudaTimingInstruments::startCupti()
{
    std::string why;
    m_cupti = CuptiTimer::start(&why);
    if (!m_cupti)
        dropCupti(why, "CUPTI unavailable, timing with CUDA events: ");
}

Status CudaTimingInstruments::open(const CudaDriver &driver, const CudaDeviceInfo &device,
                                   NvrtcCompiler &compiler, LapClock &setup)
{
    m_driver = &driver;
    m_events.setDriver(driver);
    m_flusher = std::make_unique<L2Flusher>(driver);
    if (CudaStatus prepared =
            m_flusher->prepare(device.limits.l2CacheBytes, device.limits.smCount, compiler);
        !prepared)
        return makeError(EngineError::Code::BackendError,
                         "cannot prepare the L2 flush: " + prepared.failure().message);
    setup.lap("L2 flush kernel");
    m_switcher = std::make_unique<ContextSwitcher>();
    if (CudaStatus created = ContextSwitcher::create(driver, compiler, *m_switcher); !created) {
        m_log("samples without context switches (no second context: " + created.failure().message +
              ")");
        m_switcher.reset();
    }
    setup.lap("second context");
    m_clockProbe = std::make_unique<SmClockProbe>(driver);
    if (CudaStatus prepared = m_clockProbe->prepare(compiler); !prepared)
        return makeError(EngineError::Code::BackendError,
                         "cannot prepare the SM clock probe: " + prepared.failure().message);
    setup.lap("SM clock probe");
    std::string why;
    GpuClockMonitor clocks = GpuClockMonitor::open(device.pciBusId, &why);
    if (!clocks.available())
        m_log("no clock and throttle figures: " + why);
    m_observers.add(std::make_unique<GpuClockMonitor>(std::move(clocks)));
    m_energy.open(device.pciBusId);
    return ok();
}

void CudaTimingInstruments::chooseCuptiRecords(bool concurrent, CUstream stream,
                                               NvrtcCompiler &compiler, int smCount)
{
    if (!m_cupti || m_cupti->serialRecords() != concurrent)
        return; // none, or already the ones asked for
    std::string failure;
    if (concurrent) {
        if (Status moved = m_cupti->useConcurrentRecords(); !moved)
            failure = moved.error().toString();
    } else if (CudaStatus calibrated =
                   calibrateCuptiRecords(*m_cupti, *m_driver, stream, compiler, smCount);
               !calibrated) {
        failure = calibrated.failure().message;
    }
    if (!failure.empty())
        dropCupti(failure, "CUPTI records not switched, timing with CUDA events: ");
}

Status CudaTimingInstruments::admit(const Spec &spec) const
{
    return m_energy.admit(spec, m_log);
}

CudaStatus CudaTimingInstruments::measure(CUstream stream, const KernelLaunch &launch,
                                          const Spec &spec, bool verified, double stopAboveSeconds,
                                          Result &result)
{
    m_observers.beforeMeasurement();
    CudaMeasurement measurement(*m_driver, stream, m_events, *m_flusher, m_switcher.get(),
                                m_cupti.get());
    std::string cuptiFailure;
    CudaStatus measured = measurement.measure(launch, spec.measurement, stopAboveSeconds,
                                              verified ? 1 : 0, result, &cuptiFailure);
    if (!cuptiFailure.empty())
        dropCupti(cuptiFailure, "CUPTI failed, timing with CUDA events from now on: ");
    if (!m_cuptiUnavailable.empty())
        result.resources[figures::kCuptiUnavailable] = 1;
    m_observers.afterMeasurement(result);
    if (!measured)
        return measured;
    double effectiveMegahertz = 0;
    if (CudaStatus probed = m_clockProbe->measure(stream, effectiveMegahertz); !probed)
        return probed; // the backend's own one-thread kernel failing: the context is suspect
    SmClockProbe::record(result, effectiveMegahertz);
    return m_energy.measure(*m_driver, stream, launch, spec, result, m_log);
}

void CudaTimingInstruments::dropCupti(const std::string &why, const std::string &logPrefix)
{
    m_cupti.reset();
    m_cuptiUnavailable = why;
    m_log(logPrefix + why);
}

} // namespace tb
