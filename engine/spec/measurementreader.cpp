#include "measurementreader.h"

#include "model/parameter.h"
#include "spec/specnumbers.h"

#include <algorithm>
#include <limits>

namespace tb {

void MeasurementReader::read(const Json &measurement, const std::string &path)
{
    if (!m_reader.object(measurement, path,
                         {"warmup_runs", "min_samples", "max_samples", "target_rel_ci",
                          "min_seconds_per_config", "max_seconds_per_config", "timeout_seconds",
                          "warm_cache", "cupti_records", "process_rounds", "max_process_rounds",
                          "finalists_per_size", "early_exit_factor", "energy_seconds"}))
        return;
    auto &settings = m_spec.measurement;
    auto count = [&](const char *key, int minimum, int &target) {
        auto value = m_reader.integer(measurement, path, key);
        if (!value)
            return;
        constexpr int kMaximum = std::numeric_limits<int>::max();
        if (*value < minimum)
            m_reader.report(JsonReader::child(path, key), "must be at least " +
                                                              std::to_string(minimum) + ", got " +
                                                              std::to_string(*value));
        else if (*value > kMaximum)
            m_reader.report(JsonReader::child(path, key), "must be at most " +
                                                              std::to_string(kMaximum) + ", got " +
                                                              std::to_string(*value));
        else
            target = static_cast<int>(*value);
    };
    auto positive = [&](const char *key, double &target) {
        auto value = m_reader.number(measurement, path, key);
        if (value && *value <= 0)
            m_reader.report(JsonReader::child(path, key),
                            "must be positive, got " + formatValue(*value));
        else if (value)
            target = *value;
    };
    auto positiveSeconds = [&](const char *key, double &target) {
        auto value = m_reader.number(measurement, path, key);
        if (value && *value > kMaxSpecSeconds)
            m_reader.report(JsonReader::child(path, key), tooManySeconds(*value));
        else if (value)
            positive(key, target);
    };
    count("warmup_runs", 0, settings.warmupRuns);
    count("min_samples", 1, settings.minSamples);
    count("max_samples", 1, settings.maxSamples);
    // Defaults with max_process_rounds above process_rounds ask for adaptive rounds; otherwise
    // max_process_rounds follows whatever process_rounds the spec sets.
    const bool adaptiveByDefault = settings.maxProcessRounds > settings.processRounds;
    count("process_rounds", 1, settings.processRounds);
    count("finalists_per_size", 1, settings.finalistsPerSize);
    readMaxProcessRounds(measurement, path, adaptiveByDefault);
    readSampleBounds(measurement, path);
    positive("target_rel_ci", settings.targetRelativeHalfWidth);
    positiveSeconds("max_seconds_per_config", settings.maxSecondsPerConfig);
    readMinimumSeconds(measurement, path);
    positiveSeconds("timeout_seconds", settings.timeoutSeconds);
    readEarlyExitFactor(measurement, path);
    readEnergySeconds(measurement, path);
    settings.warmCache =
        m_reader.boolean(measurement, path, "warm_cache").value_or(settings.warmCache);
    if (const auto records = m_reader.text(measurement, path, "cupti_records")) {
        if (*records == "concurrent" || *records == "serial")
            settings.concurrentCuptiRecords = *records == "concurrent";
        else
            m_reader.report(JsonReader::child(path, "cupti_records"),
                            "expected \"serial\" or \"concurrent\", got \"" + *records + "\"");
    }
}

// 0 (off) or above 1: a factor of 1 or less would drop configurations as fast as the best.
void MeasurementReader::readEarlyExitFactor(const Json &measurement, const std::string &path)
{
    const auto value = m_reader.number(measurement, path, "early_exit_factor");
    if (!value)
        return;
    if (*value != 0 && !(*value > 1))
        m_reader.report(JsonReader::child(path, "early_exit_factor"),
                        "must be 0 (off) or more than 1, got " + formatValue(*value));
    else
        m_spec.measurement.earlyExitFactor = *value;
}

// 0 (off), or at least a second: on the H200 half a second varied by 3.7% run to run, a second
// by 1.3% (bench/results/energy.md); CUDA only.
void MeasurementReader::readEnergySeconds(const Json &measurement, const std::string &path)
{
    constexpr double kShortest = 1.0;
    const auto value = m_reader.number(measurement, path, "energy_seconds");
    if (!value)
        return;
    const std::string where = JsonReader::child(path, "energy_seconds");
    if (*value != 0 && !(*value >= kShortest))
        m_reader.report(where, "must be 0 (off) or at least " + formatValue(kShortest) +
                                   " (shorter runs varied by more than 3% run to run on an H200), "
                                   "got " +
                                   formatValue(*value));
    else if (*value > kMaxSpecSeconds)
        m_reader.report(where, tooManySeconds(*value));
    else if (*value > 0 && m_spec.backend == BackendKind::Cpu)
        m_reader.report(where, "the cpu backend measures no energy: energy comes from NVML, for "
                               "the cuda backend");
    else
        m_spec.measurement.energySeconds = *value;
}

// 0 <= min_seconds_per_config <= max_seconds_per_config (the cap wins: a minimum beyond it could
// never be reached).
void MeasurementReader::readMinimumSeconds(const Json &measurement, const std::string &path)
{
    auto &settings = m_spec.measurement;
    const auto value = m_reader.number(measurement, path, "min_seconds_per_config");
    if (!value)
        return;
    const std::string where = JsonReader::child(path, "min_seconds_per_config");
    if (*value < 0)
        m_reader.report(where, "must be at least 0, got " + formatValue(*value));
    else if (*value > settings.maxSecondsPerConfig)
        m_reader.report(where, "must not exceed max_seconds_per_config (" +
                                   formatValue(settings.maxSecondsPerConfig) + "), got " +
                                   formatValue(*value));
    else
        settings.minSecondsPerConfig = *value;
}

// process_rounds <= max_process_rounds, which is process_rounds unless the spec (or adaptive
// defaults) say otherwise.
void MeasurementReader::readMaxProcessRounds(const Json &measurement, const std::string &path,
                                             bool adaptiveByDefault)
{
    auto &settings = m_spec.measurement;
    settings.maxProcessRounds = adaptiveByDefault
                                    ? std::max(settings.maxProcessRounds, settings.processRounds)
                                    : settings.processRounds;
    const auto value = m_reader.integer(measurement, path, "max_process_rounds");
    if (!value)
        return;
    const std::string where = JsonReader::child(path, "max_process_rounds");
    if (*value < settings.processRounds || *value > std::numeric_limits<int>::max())
        m_reader.report(where, "must be at least process_rounds (" +
                                   std::to_string(settings.processRounds) + "), got " +
                                   std::to_string(*value));
    else
        settings.maxProcessRounds = static_cast<int>(*value);
}

// min_samples <= max_samples. When the spec sets only one of the two, the other is a default,
// and a default gives way to what the spec says: {"max_samples": 3} lowers min_samples to 3.
void MeasurementReader::readSampleBounds(const Json &measurement, const std::string &path)
{
    auto &settings = m_spec.measurement;
    if (settings.maxSamples >= settings.minSamples)
        return;
    const bool setsMin = measurement.contains("min_samples");
    const bool setsMax = measurement.contains("max_samples");
    if (setsMin && !setsMax) {
        settings.maxSamples = settings.minSamples;
    } else if (setsMax && !setsMin) {
        settings.minSamples = settings.maxSamples;
    } else {
        m_reader.report(JsonReader::child(path, setsMax ? "max_samples" : "min_samples"),
                        "max_samples (" + std::to_string(settings.maxSamples) +
                            ") is less than min_samples (" + std::to_string(settings.minSamples) +
                            ")");
    }
}

} // namespace tb
