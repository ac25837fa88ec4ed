#pragma once

#include "cluster/launcherchoice.h"

#include <QString>
#include <QStringList>

namespace tb {

struct LauncherRequest;

// Preferences > Workers: where the measuring workers of a run go (issue 22). Local (the
// default), Slurm tasks through srun inside the allocation the workbench runs in (or one it
// asks Slurm for, askForAllocation), or ssh hosts; and, launched, where configurations are
// built (buildWhereMeasured: by each measuring worker, as the CLI's --compile-on nodes).
struct LauncherPreference
{
    static constexpr int kMaxSrunTasks = 256;

    LauncherKind kind = LauncherKind::Local;
    int srunTasks = 1;
    // Extra srun arguments as typed ("--partition=cpu --time=1:00:00"): split into argv words
    // at spaces, double quotes grouping (QProcess::splitCommand); never handed to a shell.
    QString srunArguments;
    QStringList sshHosts;
    // Outside an allocation, ask Slurm for one for each run (salloc) with these settings
    // (empty: the site's default), cancelled when the run ends.
    bool askForAllocation = false;
    QString slurmPartition;
    QString slurmAccount;
    QString slurmTimeLimit;
    // srun or ssh: each measuring worker builds what it measures where it runs, for its own
    // GPU (no compile worker here, no shared build cache needed).
    bool buildWhereMeasured = false;

    bool operator==(const LauncherPreference &) const = default;
};

// The typed extra srun arguments as argv words; what cannot be split (an open quote) is
// reported by launcherPreferenceProblem().
QStringList srunArgumentWords(const QString &typed);
// Hosts typed with commas or spaces between them.
QStringList hostsFromText(const QString &typed);
// Why these values cannot be saved ("Workers: ssh needs at least one host."), or empty.
QString launcherPreferenceProblem(const LauncherPreference &launch);
// The engine's launcher request (cluster/launcherchoice.h) with the workbench's wording: the
// policy that checks it is the CLI's.
LauncherRequest launcherRequest(const LauncherPreference &launch);

} // namespace tb
