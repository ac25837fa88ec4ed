#pragma once

#include "launcherkind.h"
#include "supervisoroptions.h"

#include <string>
#include <vector>

namespace tb {

// Where and through what one worker runs (one "location": a host, or one srun task).
struct LauncherSettings
{
    LauncherKind kind = LauncherKind::Local;
    std::string program;                      // "srun" or "ssh" when empty; a path for tests
    std::vector<std::string> extraArguments;  // the launcher's own, before the worker's argv
    std::string host;                         // ssh: the host ("user@host" works too)
    bool gpuPerTask = false;                  // srun: --gpus-per-task=1
    std::string jobName = "tunebench-worker"; // srun: the step's name in squeue/sacct

    // "srun", "ssh node7": names the location in messages.
    std::string describe() const;
};

// The launch that starts `local` (a worker's argv and its added environment) through the
// launcher, as an argv: never a local shell.
// - srun: one task on one node with only its own resources (`--exact`), `--export=ALL` with
//   the added environment set in srun's own environment (srun passes it on),
//   `--kill-on-bad-exit=1`, `--quiet`.
// - ssh: `ssh -o BatchMode=yes HOST -- <command>`. ssh hands its command to the remote user's
//   shell as one string and drops the environment, so each word is quoted for that shell
//   (shellQuoted) and the environment goes first through `env NAME=value`; `; exit $?` keeps
//   the shell from exec'ing the worker, so that a worker killed by a signal reads as the
//   shell's 128 + signal, apart from ssh's own 255 (connection lost).
// Local returns `local` unchanged.
WorkerLaunch launchThrough(const LauncherSettings &launcher, const WorkerLaunch &local);

// One word quoted for a POSIX shell: 'it'\''s'.
std::string shellQuoted(const std::string &word);

} // namespace tb
