#pragma once

#include "run/sessionoptions.h"
#include "testpaths.h"

#include <QTemporaryDir>

#include <atomic>

namespace tbtest {

// The options the session tests run with: a workspace in `dir`, the build's worker, two
// compile workers, and the stop flag the test's listener raises.
inline tb::SessionOptions sessionTestOptions(const QTemporaryDir &dir,
                                             const std::atomic<bool> &stop)
{
    tb::SessionOptions options;
    options.workspacePath = dir.filePath("ws.tbw").toStdString();
    options.workerCommand = {workerPath().toStdString()};
    options.workers = 2;
    options.toolVersion = "test";
    options.stopRequested = &stop;
    return options;
}

} // namespace tbtest
