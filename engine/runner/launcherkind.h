#pragma once

#include <optional>
#include <string_view>

namespace tb {

// What starts a worker process: this process itself, Slurm's srun (a job step of one task,
// inside the caller's allocation), or ssh to a host. The worker protocol is the same over the
// launcher's pipes; only how a lost worker is told from a crashed one differs
// (launcherloss.h).
enum class LauncherKind
{
    Local,
    Srun,
    Ssh,
};

constexpr const char *toString(LauncherKind kind)
{
    switch (kind) {
    case LauncherKind::Local:
        return "local";
    case LauncherKind::Srun:
        return "srun";
    case LauncherKind::Ssh:
        return "ssh";
    }
    return "local";
}

constexpr std::optional<LauncherKind> launcherKindFromString(std::string_view name)
{
    for (auto kind : {LauncherKind::Local, LauncherKind::Srun, LauncherKind::Ssh})
        if (name == toString(kind))
            return kind;
    return std::nullopt;
}

} // namespace tb
