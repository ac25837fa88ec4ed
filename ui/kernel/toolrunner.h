#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <vector>

namespace tb {

// Where a helper tool (nvdisasm, objdump) is looked for, and how to name those places to a
// user who has to install it.
struct ToolSearch
{
    QStringList directories;
    QString where; // "PATH or /usr/local/cuda/bin"

    // PATH, then $CUDA_HOME/bin and $CUDA_PATH/bin when set, then /usr/local/cuda/bin: where
    // the toolkit whose NVRTC compiles keeps nvdisasm.
    static ToolSearch cudaTools();
    // PATH.
    static ToolSearch hostTools();
    // Exactly these directories (a test, or the Kernel page told where to look).
    static ToolSearch in(const std::vector<std::string> &directories);
};

// The request's tool directories when it names some, else `usual`.
inline ToolSearch toolSearch(const std::vector<std::string> &directories, ToolSearch usual)
{
    return directories.empty() ? usual : ToolSearch::in(directories);
}

// The executable `name` in the first of the search's directories that has one; empty if none.
QString findTool(const QString &name, const ToolSearch &search);

// How one run of a tool ended.
struct ToolRun
{
    QString output;  // stdout
    QString errors;  // stderr
    QString problem; // could not start, ran too long, crashed or exited non-zero; empty: ok
};

// Runs `program` with `arguments` (an argv: no shell), its stdout and stderr kept apart. Killed
// past `timeoutMs` or when `cancelled` is set.
ToolRun runTool(const QString &program, const QStringList &arguments, int timeoutMs,
                const std::atomic<bool> &cancelled);

} // namespace tb
