#include "applicationrun.h"

#include <spawn.h>
#include <sys/wait.h>

#include <csignal>
#include <cstring>

extern char **environ;

namespace tb {

namespace {

// The process's environment with `additions` put over it.
std::vector<std::string> mergedEnvironment(const std::map<std::string, std::string> &additions)
{
    std::vector<std::string> merged;
    for (char **entry = environ; entry && *entry; ++entry) {
        const std::string text(*entry);
        const std::string name = text.substr(0, text.find('='));
        if (!additions.contains(name))
            merged.push_back(text);
    }
    for (const auto &[name, value] : additions)
        merged.push_back(name + "=" + value);
    return merged;
}

std::vector<char *> pointersTo(std::vector<std::string> &texts)
{
    std::vector<char *> pointers;
    for (std::string &text : texts)
        pointers.push_back(text.data());
    pointers.push_back(nullptr);
    return pointers;
}

} // namespace

std::string signalName(int signal)
{
    if (const char *abbreviation = sigabbrev_np(signal))
        return std::string("SIG") + abbreviation;
    return "signal " + std::to_string(signal);
}

ApplicationEnd runApplication(const std::vector<std::string> &command,
                              const std::map<std::string, std::string> &environment)
{
    ApplicationEnd end;
    std::vector<std::string> arguments = command;
    std::vector<std::string> variables = mergedEnvironment(environment);
    std::vector<char *> argv = pointersTo(arguments);
    std::vector<char *> envp = pointersTo(variables);
    // The terminal's Ctrl-C goes to the whole foreground group: the application decides what
    // to do with it, and this process stays to finish the capture folder.
    struct sigaction ignore = {};
    struct sigaction previousInt = {};
    struct sigaction previousQuit = {};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &previousInt);
    sigaction(SIGQUIT, &ignore, &previousQuit);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGQUIT);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
    pid_t child = 0;
    const int spawned =
        posix_spawnp(&child, argv[0], nullptr, &attributes, argv.data(), envp.data());
    posix_spawnattr_destroy(&attributes);
    if (spawned != 0) {
        end.startError = std::strerror(spawned);
    } else {
        int status = 0;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status))
            end.exitCode = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            end.signal = signalName(WTERMSIG(status));
    }
    sigaction(SIGINT, &previousInt, nullptr);
    sigaction(SIGQUIT, &previousQuit, nullptr);
    return end;
}

} // namespace tb
