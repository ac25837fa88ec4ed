#include "launcherloss.h"

#include <array>
#include <string_view>
#include <sys/wait.h>

namespace tb {

namespace {

// What srun and slurmstepd write when a task was ended from outside or its node went away.
// A task's own crash reads "task 0: Segmentation fault", "Aborted", "Exited with exit code 3".
constexpr std::array kSrunLossWords = {
    std::string_view("CANCELLED"),          std::string_view(": Killed"),
    std::string_view(": Terminated"),       std::string_view(": Hangup"),
    std::string_view("Node failure"),       std::string_view("NODE_FAIL"),
    std::string_view("Job step aborted"),   std::string_view("has been revoked"),
    std::string_view("DUE TO TIME LIMIT"),  std::string_view("DUE TO PREEMPTION"),
    std::string_view("DUE TO NODE FAILURE")};

// 128 + signal, as a shell reports a command a signal ended.
bool shellSawOutsideKill(int code)
{
    return code == 128 + SIGKILL || code == 128 + SIGTERM || code == 128 + SIGHUP;
}

std::string lastLine(const std::deque<std::string> &tail)
{
    return tail.empty() ? std::string() : ": " + tail.back();
}

std::string srunLoss(int waitStatus, const std::deque<std::string> &tail)
{
    if (WIFSIGNALED(waitStatus))
        return "srun was killed by signal " + std::to_string(WTERMSIG(waitStatus));
    for (auto line = tail.rbegin(); line != tail.rend(); ++line)
        for (auto word : kSrunLossWords)
            if (line->find(word) != std::string::npos)
                return "srun reported the task lost: " + *line;
    return {};
}

std::string sshLoss(int waitStatus, const std::deque<std::string> &tail)
{
    if (WIFSIGNALED(waitStatus))
        return "ssh was killed by signal " + std::to_string(WTERMSIG(waitStatus));
    if (!WIFEXITED(waitStatus))
        return {};
    const int code = WEXITSTATUS(waitStatus);
    if (code == 255)
        return "ssh lost the connection (exit 255)" + lastLine(tail);
    if (shellSawOutsideKill(code))
        return "the remote worker was killed from outside (signal " + std::to_string(code - 128) +
               ")";
    return {};
}

} // namespace

std::string launcherLossReason(LauncherKind launcher, int waitStatus,
                               const std::deque<std::string> &stderrTail)
{
    switch (launcher) {
    case LauncherKind::Local:
        return {};
    case LauncherKind::Srun:
        return srunLoss(waitStatus, stderrTail);
    case LauncherKind::Ssh:
        return sshLoss(waitStatus, stderrTail);
    }
    return {};
}

} // namespace tb
