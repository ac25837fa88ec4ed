#pragma once

#include <atomic>
#include <string>
#include <vector>

namespace tb {

// How one run of a helper tool (nvdisasm, objdump) ended.
struct ToolRun
{
    std::string output;  // stdout
    std::string errors;  // stderr, trimmed
    std::string problem; // could not start, ran too long, crashed or exited non-zero; empty: ok
};

// Runs `program` with `arguments` (an argv: no shell), its stdout and stderr kept apart. Killed
// past `timeoutMs` or when `cancelled` is set. The problem names the tool by its file name.
ToolRun runTool(const std::string &program, const std::vector<std::string> &arguments,
                int timeoutMs, const std::atomic<bool> &cancelled);

} // namespace tb
