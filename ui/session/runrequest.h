#pragma once

#include <QString>
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
    std::optional<qint64> maxConfigs; // per problem size; empty: the spec's budget
    bool fresh = false;               // a new run even if an earlier one can be resumed
    bool compileOnly = false;         // cuda: record resource usage, measure nothing
};

} // namespace tb
