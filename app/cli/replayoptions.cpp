#include "replayoptions.h"

#include "exitcodes.h"
#include "optionchecks.h"
#include "search/searchstrategy.h"
#include "spec/specloader.h"
#include "storedrun.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace tb {

namespace {

// The options that mean something only for a replay.
constexpr const char *kReplayOnly[] = {"--seed",   "--repeat", "--noise",
                                       "--option", "--trace",  "--stop-after-no-improvement"};

int usage(const std::string &message)
{
    std::fprintf(stderr, "error: %s\n", message.c_str());
    return exitcode::kUsage;
}

} // namespace

std::string strategyList()
{
    std::string list;
    for (const auto &name : strategyNames())
        list += (list.empty() ? "" : ", ") + name;
    return list;
}

void addReplayOptions(CLI::App &tune, ReplayOptions &replay)
{
    tune.add_option("--replay", replay.path,
                    "Replay the search against a recorded space (Kernel Tuner cache, T4 file or a "
                    "Tunebench workspace's latest run; gzip, xz or plain) instead of measuring: "
                    "no GPU, no spec, no workspace written")
        ->check(CLI::ExistingFile);
    tune.add_option("--seed", replay.seed, "Replay: the strategy's seed")->capture_default_str();
    tune.add_option("--repeat", replay.repeat, "Replay: searches with seeds seed, seed+1, ...")
        ->check(wholeNumberAtLeast(1))
        ->capture_default_str();
    tune.add_flag("--noise", replay.sampled,
                  "Replay: measure as a run does, not the mean: recorded samples drawn until "
                  "the median is known, the finalists measured again in rounds");
    tune.add_option("--option", replay.optionTexts,
                    "Replay: a strategy option, NAME=VALUE (repeatable; see FORMAT.md)");
    tune.add_option("--stop-after-no-improvement", replay.stopAfterNoImprovement,
                    "Replay: stop after N evaluations in a row found nothing better")
        ->check(wholeNumberAtLeast(1));
    tune.add_option("--trace", replay.tracePath,
                    "Replay: append each search's evaluations to this file as a JSON line");
}

namespace {

// --option NAME=VALUE texts into numbers; "" or the offending text.
std::string parseOptionTexts(ReplayOptions &replay)
{
    for (const auto &text : replay.optionTexts) {
        const auto equals = text.find('=');
        char *end = nullptr;
        const double value =
            equals == std::string::npos ? 0 : std::strtod(text.c_str() + equals + 1, &end);
        if (equals == std::string::npos || equals == 0 || end == text.c_str() + equals + 1 ||
            *end != '\0')
            return text;
        replay.options[text.substr(0, equals)] = value;
    }
    return {};
}

// A spec's search settings for a replay of it, where the command line does not say otherwise:
// the recorded file (strategy.replay, relative to the spec), strategy, options, seed, budgets,
// mode; and its parameters, which the recorded space must have.
void applySpecSearch(const Spec &spec, const CLI::App &tune, const TuneOptions &options,
                     ReplayOptions &replay)
{
    const auto &search = spec.strategy;
    if (replay.path.empty()) {
        std::filesystem::path file(search.replayFile);
        if (file.is_relative() && !spec.baseDirectory.empty())
            file = std::filesystem::path(spec.baseDirectory) / file;
        replay.path = file.string();
    }
    replay.strategy = options.strategy.value_or(search.name);
    if (replay.strategy == search.name) { // its options are for its strategy only
        auto merged = search.options;
        for (const auto &[name, value] : replay.options)
            merged[name] = value;
        replay.options = merged;
    }
    if (tune.count("--seed") == 0)
        replay.seed = search.seed;
    if (tune.count("--stop-after-no-improvement") == 0)
        replay.stopAfterNoImprovement = search.stopAfterNoImprovement;
    replay.maxConfigs = search.maxConfigs;
    replay.maxSeconds = search.maxSeconds;
    replay.sampled = replay.sampled || search.replaySampled;
    for (const auto &parameter : spec.parameters)
        replay.specParameters.push_back(parameter.name);
    replay.specName = spec.name;
    replay.measurement = spec.measurement;
}

} // namespace

int runTuneOrReplay(const CLI::App &tune, const CliContext &context, const TuneOptions &options,
                    ReplayOptions &replay)
{
    std::optional<Spec> spec;
    if (!options.specPath.empty()) {
        auto loaded = SpecLoader().loadFile(options.specPath);
        if (!loaded && replay.path.empty())
            return runTune(context, options); // says what is wrong with it, as always
        if (!loaded) {
            std::fprintf(stderr, "error: %s: %s\n", options.specPath.c_str(),
                         loaded.error().toString().c_str());
            return exitcode::kInvalidInput;
        }
        spec = std::move(loaded.value());
    }
    const bool specReplays = spec && !spec->strategy.replayFile.empty();
    if (replay.path.empty() && !specReplays) {
        for (const char *name : kReplayOnly)
            if (tune.count(name) > 0)
                return usage(std::string(name) + " is an option of a replay: add --replay FILE " +
                             "or strategy.replay to the spec");
        if (options.specPath.empty())
            return usage("tune needs a spec file (or --replay FILE to replay a recorded space)");
        return runTune(context, options);
    }
    if (options.compileOnly || options.fresh || !options.arch.empty())
        return usage("--compile-only, --fresh and --arch have no meaning for a replay");
    if (tune.count("--launcher") + tune.count("--ssh-hosts") + tune.count("--ssh-arg") +
            tune.count("--srun-arg") + tune.count("--srun-tasks") + tune.count("--salloc") +
            tune.count("--slurm-partition") + tune.count("--slurm-account") +
            tune.count("--slurm-time") + tune.count("--salloc-arg") >
        0)
        return usage("--launcher and its options have no meaning for a replay: it runs no worker");
    if (auto bad = parseOptionTexts(replay); !bad.empty())
        return usage("--option needs NAME=VALUE with a number, got '" + bad + "'");
    if (spec)
        applySpecSearch(*spec, tune, options, replay);
    else
        replay.strategy = options.strategy.value_or(replay.strategy);
    replay.maxConfigs = options.maxConfigs.value_or(replay.maxConfigs);
    replay.maxSeconds = options.maxSeconds.value_or(replay.maxSeconds);
    replay.verbose = options.verbose;
    return runReplay(replay);
}

} // namespace tb
