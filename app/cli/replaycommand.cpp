#include "replaycommand.h"

#include "exitcodes.h"
#include "replay/recordedspacereader.h"
#include "replay/replaysearch.h"
#include "search/strategychoice.h"
#include "storedrun.h"
#include "textformat.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

namespace tb {

namespace {

// A spec's parameters that the recording lacks or the other way round: the spec was written
// for another kernel's space. "" when they agree (in any order).
std::string parameterMismatch(const RecordedSpace &space, const ReplayOptions &options)
{
    std::vector<std::string> recorded;
    for (const auto &parameter : space.parameters)
        recorded.push_back(parameter.name);
    auto spec = options.specParameters;
    std::sort(recorded.begin(), recorded.end());
    std::sort(spec.begin(), spec.end());
    if (spec == recorded)
        return {};
    const auto list = [](const std::vector<std::string> &names) {
        std::string text;
        for (const auto &name : names)
            text += (text.empty() ? "" : ", ") + name;
        return text;
    };
    return "spec " + options.specName + " has parameters " + list(spec) + ", the recorded space " +
           options.path + " has " + list(recorded);
}

void printHeader(const RecordedSpace &space, const ReplayOptions &options,
                 const std::string &strategy)
{
    std::printf("Replaying %s (%s%s%s): %zu configurations recorded, %zu failed\n",
                options.path.c_str(), toString(space.format), space.deviceName.empty() ? "" : ", ",
                space.deviceName.c_str(), space.configurations.size(), space.failureCount());
    if (const auto optimum = recordedOptimum(space))
        std::printf("Recorded optimum: %s\n", formatSeconds(*optimum).c_str());
    const std::string chosen =
        strategy == options.strategy ? strategy : strategy + " (" + options.strategy + ")";
    const std::string noisy = "recorded samples drawn as a run takes them, the best " +
                              std::to_string(options.measurement.finalistsPerSize) +
                              " measured in " + std::to_string(options.measurement.processRounds) +
                              " rounds (--noise)";
    std::printf("Strategy %s, %s, evaluations count failures too\n", chosen.c_str(),
                options.sampled ? noisy.c_str() : "the recorded mean per evaluation");
}

// "best 1.234 ms (BLOCK=64) after 37 of 400 evaluations, 0.9870 of the optimum; stopped: ..."
// The best is the run's pick, by its recorded mean; "after" says when the search first saw it.
std::string summary(const ReplayOutcome &outcome, const std::vector<Parameter> &parameters,
                    std::optional<double> optimum)
{
    if (!outcome.pick)
        return "no configuration ran ok in " + std::to_string(outcome.steps.size()) +
               " evaluations";
    const ReplayPick &pick = *outcome.pick;
    const double truth = pick.trueMeanSeconds.value_or(pick.observedSeconds);
    std::size_t seen = 0;
    while (seen < outcome.steps.size() && !(outcome.steps[seen].config == pick.config))
        ++seen;
    std::string text = "best " + formatSeconds(truth) + " (" + pick.config.key(parameters) +
                       ") after " + std::to_string(seen + 1) + " of " +
                       std::to_string(outcome.steps.size()) + " evaluations";
    if (optimum) {
        char fraction[32];
        std::snprintf(fraction, sizeof fraction, "%.4f", *optimum / truth);
        text += ", " + std::string(fraction) + " of the optimum";
    }
    return text + "; stopped: " + outcome.stopReason;
}

// The optimum goes with each line: a reader needs no reader of the recording's format.
nlohmann::ordered_json traceLine(const ReplayOptions &options, std::uint64_t seed,
                                 std::optional<double> optimum, const ReplayOutcome &outcome)
{
    nlohmann::ordered_json trace = nlohmann::ordered_json::array();
    for (const auto &step : outcome.steps)
        trace.push_back(
            {step.observedSeconds ? nlohmann::ordered_json(*step.observedSeconds) : nullptr,
             step.trueMeanSeconds ? nlohmann::ordered_json(*step.trueMeanSeconds) : nullptr});
    std::string stem = std::filesystem::path(options.path).filename().string();
    for (const char *suffix : {".gz", ".xz", ".json", ".tbw"})
        if (stem.size() > std::string(suffix).size() && stem.ends_with(suffix))
            stem.resize(stem.size() - std::string(suffix).size());
    return {{"space", stem},
            {"tool", "tunebench"},
            {"strategy", options.strategy},
            {"searched_with", outcome.strategy}, // what "auto" became
            {"seed", seed},
            {"mode", options.sampled ? "sampled" : "mean"},
            {"optimum", optimum ? nlohmann::ordered_json(*optimum) : nullptr},
            {"trace", trace},
            // What the run would report (after its rounds, in mode sampled): [median, mean].
            {"pick", outcome.pick
                         ? nlohmann::ordered_json::array(
                               {outcome.pick->observedSeconds,
                                outcome.pick->trueMeanSeconds
                                    ? nlohmann::ordered_json(*outcome.pick->trueMeanSeconds)
                                    : nullptr})
                         : nullptr}};
}

} // namespace

int runReplay(const ReplayOptions &options)
{
    auto recorded = readRecordedSpace(options.path);
    if (!recorded)
        return reportCliError(recorded.error(), exitcode::kInvalidInput);
    auto space = recorded->searchSpace();
    if (!space)
        return reportCliError(space.error(), exitcode::kInvalidInput);
    if (!options.specParameters.empty())
        if (auto mismatch = parameterMismatch(*recorded, options); !mismatch.empty())
            return reportCliError(makeError(EngineError::Code::InvalidArgument,
                                            "the spec does not describe the recorded space",
                                            mismatch),
                                  exitcode::kInvalidInput);
    std::ofstream trace;
    if (!options.tracePath.empty()) {
        trace.open(options.tracePath, std::ios::app);
        if (!trace)
            return reportCliError(
                makeError(EngineError::Code::IoError,
                          "cannot write the trace file '" + options.tracePath + "'"),
                exitcode::kFailure);
    }
    const SearchBudget budget{options.maxConfigs, options.maxSeconds,
                              options.stopAfterNoImprovement};
    printHeader(*recorded, options,
                resolveStrategyName(options.strategy, space->validCount(), budget));
    const auto optimum = recordedOptimum(*recorded);
    ReplaySettings settings;
    settings.strategy = options.strategy;
    settings.options = options.options;
    settings.budget = {options.maxConfigs, options.maxSeconds, options.stopAfterNoImprovement};
    settings.measurement = options.measurement;
    const auto mode = options.sampled ? ReplayMode::Sampled : ReplayMode::Mean;
    for (std::size_t i = 0; i < options.repeat; ++i) {
        settings.seed = options.seed + i;
        auto evaluator =
            ReplayEvaluator::create(*recorded, mode, settings.seed, options.measurement);
        if (!evaluator)
            return reportCliError(evaluator.error(), exitcode::kInvalidInput);
        auto outcome = replaySearch(
            *evaluator, *space, settings, [&](const ReplayStep &step, std::size_t index) {
                // Many seeds: their summaries only.
                if (options.repeat > 1 || (!options.verbose && !step.newBest))
                    return;
                std::printf("  %5zu  %-12s %s%s\n", index + 1,
                            step.observedSeconds ? formatSeconds(*step.observedSeconds).c_str()
                                                 : "failed",
                            step.config.key(recorded->parameters).c_str(),
                            step.newBest ? "  (new best)" : "");
            });
        if (!outcome)
            return reportCliError(outcome.error(), exitcode::kInvalidInput);
        std::printf("seed %llu: %s\n", static_cast<unsigned long long>(settings.seed),
                    summary(*outcome, recorded->parameters, optimum).c_str());
        if (trace.is_open())
            trace << traceLine(options, settings.seed, optimum, *outcome).dump() << '\n'
                  << std::flush;
    }
    return exitcode::kSuccess;
}

} // namespace tb
