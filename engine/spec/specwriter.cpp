#include "specwriter.h"

#include <algorithm>
#include <string>

namespace tb {

namespace {

// max_process_rounds as a reader with the built-in defaults derives it when the document
// leaves it out (MeasurementReader): adaptive defaults keep their maximum, else it follows
// process_rounds.
int derivedMaxProcessRounds(int processRounds)
{
    const MeasurementSettings builtIn;
    const bool adaptiveByDefault = builtIn.maxProcessRounds > builtIn.processRounds;
    return adaptiveByDefault ? std::max(builtIn.maxProcessRounds, processRounds) : processRounds;
}

std::string cuptiRecords(bool concurrent)
{
    return concurrent ? "concurrent" : "serial";
}

} // namespace

void SpecWriter::inlineKernelSource(const KernelSource &kernel)
{
    Json &section = m_root["kernel"];
    if (!section.contains("source"))
        return;
    section.erase("source");
    section["code"] = kernel.code;
    section["source_path"] = kernel.sourcePath;
}

void SpecWriter::writeMeasurement(const MeasurementSettings &settings)
{
    const MeasurementSettings builtIn;
    fillMeasurement("warmup_runs", settings.warmupRuns, builtIn.warmupRuns);
    fillMeasurement("min_samples", settings.minSamples, builtIn.minSamples);
    fillMeasurement("max_samples", settings.maxSamples, builtIn.maxSamples);
    fillMeasurement("target_rel_ci", settings.targetRelativeHalfWidth,
                    builtIn.targetRelativeHalfWidth);
    fillMeasurement("min_seconds_per_config", settings.minSecondsPerConfig,
                    builtIn.minSecondsPerConfig);
    fillMeasurement("max_seconds_per_config", settings.maxSecondsPerConfig,
                    builtIn.maxSecondsPerConfig);
    fillMeasurement("timeout_seconds", settings.timeoutSeconds, builtIn.timeoutSeconds);
    fillMeasurement("warm_cache", settings.warmCache, builtIn.warmCache);
    fillMeasurement("cupti_records", cuptiRecords(settings.concurrentCuptiRecords),
                    cuptiRecords(builtIn.concurrentCuptiRecords));
    fillMeasurement("process_rounds", settings.processRounds, builtIn.processRounds);
    // The document's process_rounds is now settings.processRounds, set or built in alike.
    fillMeasurement("max_process_rounds", settings.maxProcessRounds,
                    derivedMaxProcessRounds(settings.processRounds));
    fillMeasurement("finalists_per_size", settings.finalistsPerSize, builtIn.finalistsPerSize);
    fillMeasurement("early_exit_factor", settings.earlyExitFactor, builtIn.earlyExitFactor);
    // Energy comes from NVML: a cpu spec would be refused for carrying it.
    if (m_root.value("backend", "") == "cuda")
        fillMeasurement("energy_seconds", settings.energySeconds, builtIn.energySeconds);
}

template <typename Value>
void SpecWriter::fillMeasurement(const char *key, const Value &value, const Value &readAlike)
{
    if (value == readAlike)
        return;
    Json &measurement = m_root["measurement"];
    if (!measurement.contains(key))
        measurement[key] = value;
}

} // namespace tb
