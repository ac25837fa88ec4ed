#pragma once

#include "cudadriver.h"
#include "energymeasurement.h"
#include "eventtimer.h"
#include "kernellaunch.h"
#include "measure/measurementobservers.h"
#include "model/result.h"
#include "model/spec.h"
#include "model/timerkind.h"

#include <functional>
#include <memory>
#include <string>

namespace tb {

class ContextSwitcher;
class CuptiTimer;
class LapClock;
class L2Flusher;
class NvrtcCompiler;
class SmClockProbe;
struct CudaDeviceInfo;

// What the CUDA backend times a configuration with, and the one place that knows their order:
// CUPTI's kernel records (CUDA events where CUPTI is unavailable or fails), the L2 flush between
// samples, the second context the GPU switches to, the SM clock probe after the samples, NVML's
// clocks and throttle reasons around them, and the energy run after them.
//
// CUPTI starts before the CUDA context is made (startCupti()), so it sees the context being
// made; the rest needs the context, its compiler and its stream (open()).
class CudaTimingInstruments
{
public:
    using Log = std::function<void(const std::string &)>;

    explicit CudaTimingInstruments(Log log);
    ~CudaTimingInstruments();

    // Before the context; without CUPTI the events time, and every result says so.
    void startCupti();
    // After the context: laps in `setup` name each instrument's part of a worker's start.
    // BackendError where the L2 flush or the clock probe cannot be prepared.
    Status open(const CudaDriver &driver, const CudaDeviceInfo &device, NvrtcCompiler &compiler,
                LapClock &setup);
    // The CUPTI records the spec asks for (MeasurementSettings::concurrentCuptiRecords); the
    // serialised ones are calibrated when taken. A timer that cannot be moved is dropped.
    void chooseCuptiRecords(bool concurrent, CUstream stream, NvrtcCompiler &compiler, int smCount);
    // measurement.energy_seconds where the GPU can give it (EnergyMeasurement::admit).
    Status admit(const Spec &spec) const;

    // What the next measurement is timed with: CUPTI's records, or CUDA events without them.
    TimerKind timer() const { return m_cupti ? TimerKind::Cupti : TimerKind::CudaEvents; }

    // Samples `launch` (CudaMeasurement), then the SM clock and the energy run, into `result`.
    // verified: the kernel just ran once untimed (its verification), a warm-up launch.
    CudaStatus measure(CUstream stream, const KernelLaunch &launch, const Spec &spec, bool verified,
                       double stopAboveSeconds, Result &result);

private:
    void dropCupti(const std::string &why, const std::string &logPrefix);

    Log m_log;
    const CudaDriver *m_driver = nullptr; // set by open()
    EventTimer m_events;
    std::unique_ptr<L2Flusher> m_flusher;
    std::unique_ptr<ContextSwitcher> m_switcher; // null when no second context can be made
    std::unique_ptr<SmClockProbe> m_clockProbe;
    std::unique_ptr<CuptiTimer> m_cupti;
    std::string m_cuptiUnavailable;   // why CUPTI is not used; empty while it is
    MeasurementObservers m_observers; // NVML's clocks and throttle reasons
    EnergyMeasurement m_energy;       // measurement.energy_seconds
};

} // namespace tb
