#pragma once

// Shared by the supervisor's tests: jobs for tb_fake_faulty_worker, a FAKE worker that
// misbehaves on demand (real processes, real pipes, real signals), and how to run them.
#include "runner/supervisor.h"

#include <QString>
#include <QTemporaryDir>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace tbtest {

using namespace std::chrono_literals;

enum Fault
{
    Ok = 0,
    Crash = 1,
    Hang = 2,
    Garbage = 3,
    ExitMidJob = 4,
    CrashOnce = 5,
    Chatty = 6
};

inline tb::JobRequest job(std::uint64_t id, Fault fault, double tag = 0, double timeoutSeconds = 20)
{
    return tb::JobRequest{id, tb::Configuration{{static_cast<double>(fault), tag}}, 0,
                          timeoutSeconds};
}

// Status names compare readably in a failure message.
inline QString statusOf(const tb::JobOutcome &outcome)
{
    return QString::fromLatin1(tb::toString(outcome.result.status));
}

inline bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

inline bool noChildProcesses()
{
    return ::waitpid(-1, nullptr, WNOHANG) == -1 && errno == ECHILD;
}

inline bool processExists(int pid)
{
    return pid > 0 && ::kill(pid, 0) == 0;
}

// Submits every job as workers come free and collects outcomes until each job has one (or a
// generous deadline passes, which fails the test instead of hanging it).
inline std::vector<tb::JobOutcome> runAll(tb::Supervisor &supervisor,
                                          std::vector<tb::JobRequest> jobs)
{
    std::vector<tb::JobOutcome> outcomes;
    std::size_t next = 0;
    const auto giveUp = std::chrono::steady_clock::now() + 30s;
    while (outcomes.size() < jobs.size() && std::chrono::steady_clock::now() < giveUp) {
        while (next < jobs.size() && supervisor.submit(jobs[next]))
            ++next;
        for (auto &outcome : supervisor.poll(50ms))
            outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

inline tb::JobOutcome runOne(tb::Supervisor &supervisor, const tb::JobRequest &request)
{
    auto outcomes = runAll(supervisor, {request});
    return outcomes.size() == 1 ? outcomes.front() : tb::JobOutcome{};
}

inline bool logContains(const std::vector<std::string> &lines, const std::string &part)
{
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string &line) { return contains(line, part); });
}

// Options for `workers` fake workers given `flags`, keeping their state in `state`.
inline tb::SupervisorOptions fakeWorkerOptions(const QTemporaryDir &state, int workers,
                                               std::vector<std::string> flags = {})
{
    tb::SupervisorOptions result;
    result.launch.command = {TB_FAKE_WORKER_PATH};
    result.launch.command.insert(result.launch.command.end(), flags.begin(), flags.end());
    result.launch.environment = {{"TB_FAKE_STATE_DIR", state.path().toStdString()}};
    result.workerCount = workers;
    result.specDocument = R"({"name": "fake"})";
    result.baseDirectory = "/tmp";
    result.handshakeTimeout = 10s;
    return result;
}

} // namespace tbtest
