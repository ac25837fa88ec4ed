#pragma once

#include "model/spec.h"
#include "workerlaunch.h"

#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <optional>

namespace tb {

// What the workbench asks a SessionController to run.
struct RunRequest
{
    QString specPath;
    QString workspacePath;
    QString workerPath; // empty: tunebench-worker beside this executable (or $TUNEBENCH_WORKER)
    int workers = 1;
    std::optional<QString> strategy;  // "brute_force" | "random"; empty: the spec's
    std::optional<qint64> maxConfigs; // per problem size; empty: the spec's budget
    std::optional<double> maxSeconds; // the whole run; empty: the spec's budget
    bool fresh = false;               // a new run even if an earlier one can be resumed
    bool compileOnly = false;         // cuda: record resource usage, measure nothing
    // cuda: the CUDA_VISIBLE_DEVICES values of the GPUs to measure on (Preferences, Devices);
    // empty: every GPU found.
    std::optional<QStringList> enabledGpus;
    // The values of the measurement fields the spec does not set (Preferences, Measurement);
    // the spec's own values win.
    MeasurementSettings measurementDefaults;
    // cpu: where the measuring workers run (Preferences, Workers); checked by the engine's
    // launcher policy (session/launcherchoice.h) when the run starts.
    LauncherPreference launcherPreference;
};

} // namespace tb
