// SpecReader, continued: derived metrics, the objective and the run settings.
#include "specreader.h"

#include "model/parameter.h"
#include "search/searchstrategy.h"

#include <algorithm>
#include <array>
#include <limits>

namespace tb {

namespace {

using Need = JsonReader::Need;

// Durations become deadlines in the clock's int64 nanoseconds (about 292 years from its start):
// 1e10 s overflowed, and every configuration then timed out at once. A spec asks for at most
// this many seconds (about 3 years), far inside what a deadline can hold.
constexpr double kMaxSpecSeconds = 1e8;

std::string tooManySeconds(double value)
{
    return "must be at most " + formatValue(kMaxSpecSeconds) + " seconds, got " +
           formatValue(value);
}

} // namespace

void SpecReader::readMetrics(const Json &list, const std::string &path)
{
    if (!m_reader.array(list, path, "metric objects"))
        return;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string itemPath = JsonReader::child(path, i);
        DerivedMetric metric;
        if (m_reader.object(list[i], itemPath, {"name", "expression", "unit"})) {
            metric.name = m_reader.text(list[i], itemPath, "name", Need::Required).value_or("");
            metric.expression =
                m_reader.expression(list[i], itemPath, "expression", Need::Required).value_or("");
            metric.unit = m_reader.text(list[i], itemPath, "unit").value_or("");
        }
        const std::string namePath = JsonReader::child(itemPath, "name");
        if (metric.name == "time")
            m_reader.report(namePath, "'time' is the measured time; pick another metric name");
        for (const auto &other : m_spec.metrics) {
            if (!metric.name.empty() && other.name == metric.name)
                m_reader.report(namePath, "duplicate metric name '" + metric.name + "'");
        }
        m_spec.metrics.push_back(std::move(metric));
    }
}

void SpecReader::readObjective(const Json &objective, const std::string &path)
{
    if (!m_reader.object(objective, path, {"metric", "direction"}))
        return;
    if (auto metric = m_reader.text(objective, path, "metric")) {
        auto named = [&](const DerivedMetric &m) { return m.name == *metric; };
        if (*metric == "time" || std::any_of(m_spec.metrics.begin(), m_spec.metrics.end(), named)) {
            m_spec.objective.metric = *metric;
        } else {
            std::string known = "time";
            for (const auto &m : m_spec.metrics)
                known += ", " + m.name;
            m_reader.report(JsonReader::child(path, "metric"),
                            "unknown metric '" + *metric + "' (known: " + known + ")");
        }
    }
    if (auto direction = m_reader.text(objective, path, "direction")) {
        if (*direction == "minimize" || *direction == "maximize")
            m_spec.objective.minimize = *direction == "minimize";
        else
            m_reader.report(JsonReader::child(path, "direction"),
                            "unknown direction '" + *direction + "' (known: minimize, maximize)");
    }
}

void SpecReader::readStrategy(const Json &strategy, const std::string &path)
{
    if (!m_reader.object(strategy, path,
                         {"name", "max_configs", "max_seconds", "seed", "stop_after_no_improvement",
                          "options", "replay"}))
        return;
    auto &settings = m_spec.strategy;
    bool knownName = true;
    if (auto name = m_reader.text(strategy, path, "name")) {
        auto known = checkStrategyName(*name);
        knownName = known.hasValue();
        if (knownName)
            settings.name = *name;
        else
            m_reader.report(JsonReader::child(path, "name"),
                            known.error().message + " (" + known.error().detail + ")");
    }
    auto count = [&](const char *key, std::int64_t &target) {
        if (auto value = m_reader.integer(strategy, path, key)) {
            if (*value < 0)
                m_reader.report(JsonReader::child(path, key), "must not be negative");
            else
                target = *value;
        }
    };
    count("max_configs", settings.maxConfigs);
    count("stop_after_no_improvement", settings.stopAfterNoImprovement);
    if (auto maxSeconds = m_reader.number(strategy, path, "max_seconds")) {
        if (*maxSeconds < 0)
            m_reader.report(JsonReader::child(path, "max_seconds"), "must not be negative");
        else if (*maxSeconds > kMaxSpecSeconds)
            m_reader.report(JsonReader::child(path, "max_seconds"), tooManySeconds(*maxSeconds));
        else
            settings.maxSeconds = *maxSeconds;
    }
    settings.seed = m_reader.unsignedInteger(strategy, path, "seed").value_or(settings.seed);
    if (strategy.contains("options") && knownName) // else its options mean nothing
        readStrategyOptions(strategy["options"], JsonReader::child(path, "options"));
    if (auto *replay = m_reader.member(strategy, path, "replay"))
        readReplay(*replay, JsonReader::child(path, "replay"));
}

// {"file": "recorded.json.gz", "mode": "mean" | "sampled"}
void SpecReader::readReplay(const Json &replay, const std::string &path)
{
    if (!m_reader.object(replay, path, {"file", "mode"}))
        return;
    auto &settings = m_spec.strategy;
    if (auto file = m_reader.text(replay, path, "file", Need::Required))
        settings.replayFile = *file;
    if (auto mode = m_reader.text(replay, path, "mode")) {
        if (*mode == "mean" || *mode == "sampled")
            settings.replaySampled = *mode == "sampled";
        else
            m_reader.report(JsonReader::child(path, "mode"),
                            "unknown replay mode '" + *mode + "' (known: mean, sampled)");
    }
}

// {"population_size": 30, ...}: numbers, checked against the strategy's own options.
void SpecReader::readStrategyOptions(const Json &options, const std::string &path)
{
    if (!options.is_object()) {
        m_reader.report(path, "must be an object of option names and numbers");
        return;
    }
    auto &settings = m_spec.strategy;
    for (const auto &[name, value] : options.items()) {
        if (auto number = m_reader.number(value, JsonReader::child(path, name)))
            settings.options[name] = *number;
    }
    if (auto valid = checkStrategyOptions(settings.name, settings.options); !valid)
        m_reader.report(path, valid.error().message + " (" + valid.error().detail + ")");
}

void SpecReader::readMeasurement(const Json &measurement, const std::string &path)
{
    if (!m_reader.object(measurement, path,
                         {"warmup_runs", "min_samples", "max_samples", "target_rel_ci",
                          "min_seconds_per_config", "max_seconds_per_config", "timeout_seconds",
                          "warm_cache", "cupti_records", "process_rounds", "max_process_rounds",
                          "finalists_per_size", "early_exit_factor"}))
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
void SpecReader::readEarlyExitFactor(const Json &measurement, const std::string &path)
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

// 0 <= min_seconds_per_config <= max_seconds_per_config (the cap wins: a minimum beyond it could
// never be reached).
void SpecReader::readMinimumSeconds(const Json &measurement, const std::string &path)
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
void SpecReader::readMaxProcessRounds(const Json &measurement, const std::string &path,
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
void SpecReader::readSampleBounds(const Json &measurement, const std::string &path)
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
