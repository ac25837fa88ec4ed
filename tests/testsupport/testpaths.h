#pragma once

#include <QString>
#include <QtGlobal>

// Paths tests need, compiled in for the build tree; the environment may point elsewhere so the
// same test binaries run from a relocated bundle on a GPU node (packaging/bundle.sh).
namespace tbtest {

inline QString pathFromEnvironment(const char *name, const char *builtIn)
{
    const QString value = qEnvironmentVariable(name);
    return value.isEmpty() ? QString::fromUtf8(builtIn) : value;
}

// The repository (examples, test data).
inline QString sourceDir()
{
    return pathFromEnvironment("TB_SOURCE_DIR", TB_SOURCE_DIR);
}

// tunebench-worker.
inline QString workerPath()
{
    return pathFromEnvironment("TB_WORKER_PATH", TB_WORKER_PATH);
}

} // namespace tbtest
