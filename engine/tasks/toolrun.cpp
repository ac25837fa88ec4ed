#include "toolrun.h"

#include "childprocess.h"

#include <cstdio>
#include <filesystem>

namespace tb {

namespace {

std::string trimmed(const std::string &text)
{
    const char *space = " \t\n\v\f\r";
    const std::size_t begin = text.find_first_not_of(space);
    if (begin == std::string::npos)
        return {};
    return text.substr(begin, text.find_last_not_of(space) - begin + 1);
}

std::string seconds(int milliseconds)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", milliseconds / 1000.0);
    return text;
}

} // namespace

ToolRun runTool(const std::string &program, const std::vector<std::string> &arguments,
                int timeoutMs, const std::atomic<bool> &cancelled)
{
    using End = ChildProcessOutcome::End;
    ChildProcessRequest request;
    request.argv.push_back(program);
    request.argv.insert(request.argv.end(), arguments.begin(), arguments.end());
    request.mergeErrors = false; // a listing on stdout, the tool's complaints apart
    request.timeLimit = std::chrono::milliseconds(timeoutMs);
    const ChildProcessOutcome outcome = runChildProcess(request, cancelled);

    ToolRun run;
    const std::string name = std::filesystem::path(program).filename().string();
    switch (outcome.end) {
    case End::NotStarted:
        run.problem = "cannot start " + program + ": " + outcome.startError;
        return run;
    case End::Cancelled:
        run.problem = name + " was cancelled";
        return run;
    case End::TimedOut:
        run.problem = name + " ran longer than " + seconds(timeoutMs) + " s and was killed";
        return run;
    case End::Crashed:
    case End::Exited:
        break;
    }
    run.output = outcome.output;
    run.errors = trimmed(outcome.errors);
    if (outcome.end == End::Crashed)
        run.problem = name + " crashed";
    else if (outcome.exitCode != 0)
        run.problem = name + " failed (exit code " + std::to_string(outcome.exitCode) + ")" +
                      (run.errors.empty() ? "" : ": " + run.errors);
    return run;
}

} // namespace tb
