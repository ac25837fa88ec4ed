#include "strategyreader.h"

#include "search/searchstrategy.h"
#include "spec/specnumbers.h"

#include <cstdint>

namespace tb {

namespace {

using Need = JsonReader::Need;

} // namespace

void StrategyReader::read(const Json &strategy, const std::string &path)
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
        readOptions(strategy["options"], JsonReader::child(path, "options"));
    if (auto *replay = m_reader.member(strategy, path, "replay"))
        readReplay(*replay, JsonReader::child(path, "replay"));
}

// {"file": "recorded.json.gz", "mode": "mean" | "sampled"}
void StrategyReader::readReplay(const Json &replay, const std::string &path)
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
void StrategyReader::readOptions(const Json &options, const std::string &path)
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

} // namespace tb
