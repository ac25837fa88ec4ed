#include "replayoptions.h"

#include "exitcodes.h"
#include "optionchecks.h"
#include "search/searchstrategy.h"

#include <cstdio>
#include <cstdlib>

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
                  "Replay: tell the strategy one recorded sample per evaluation, not the mean");
    tune.add_option("--option", replay.optionTexts,
                    "Replay: a strategy option, NAME=VALUE (repeatable; see FORMAT.md)");
    tune.add_option("--stop-after-no-improvement", replay.stopAfterNoImprovement,
                    "Replay: stop after N evaluations in a row found nothing better")
        ->check(wholeNumberAtLeast(1));
    tune.add_option("--trace", replay.tracePath,
                    "Replay: append each search's evaluations to this file as a JSON line");
}

int runTuneOrReplay(const CLI::App &tune, const CliContext &context, const TuneOptions &options,
                    ReplayOptions &replay)
{
    if (replay.path.empty()) {
        for (const char *name : kReplayOnly)
            if (tune.count(name) > 0)
                return usage(std::string(name) + " is an option of a replay: add --replay FILE");
        if (options.specPath.empty())
            return usage("tune needs a spec file (or --replay FILE to replay a recorded space)");
        return runTune(context, options);
    }
    if (!options.specPath.empty())
        return usage("tune --replay takes no spec: the recorded file is the space");
    if (options.compileOnly || options.fresh || !options.arch.empty())
        return usage("--compile-only, --fresh and --arch have no meaning for a replay");
    for (const auto &text : replay.optionTexts) {
        const auto equals = text.find('=');
        char *end = nullptr;
        const double value =
            equals == std::string::npos ? 0 : std::strtod(text.c_str() + equals + 1, &end);
        if (equals == std::string::npos || equals == 0 || end == text.c_str() + equals + 1 ||
            *end != '\0')
            return usage("--option needs NAME=VALUE with a number, got '" + text + "'");
        replay.options[text.substr(0, equals)] = value;
    }
    replay.strategy = options.strategy.value_or(replay.strategy);
    replay.maxConfigs = options.maxConfigs.value_or(0);
    replay.maxSeconds = options.maxSeconds.value_or(0);
    replay.verbose = options.verbose;
    return runReplay(replay);
}

} // namespace tb
