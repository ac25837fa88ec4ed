#include "workerslot.h"

#include "logqueue.h"

namespace tb::runner_detail {

namespace {

constexpr auto kExitGrace = std::chrono::seconds(1); // from EOF on stdout to SIGKILL

} // namespace

JobRequest WorkerSlot::takeJob()
{
    JobRequest taken = std::move(*job);
    job.reset();
    jobSent = false;
    inReference = false;
    deadline = Clock::time_point::max();
    return taken;
}

void WorkerSlot::beginEnding(Ending why, std::string text, Clock::time_point now)
{
    if (ending != Ending::None)
        return;
    ending = why;
    endingText = std::move(text);
    if (why == Ending::Exited)
        killAt = now + kExitGrace; // it is probably exiting: let it, to learn its status
    else
        process->kill();
}

void WorkerSlot::readStderr(LogQueue &log)
{
    std::vector<std::string> lines;
    process->readStderr(lines);
    for (auto &line : lines) {
        if (stderrCapture.add(std::move(line)))
            log.push("worker " + std::to_string(index) + ": " + stderrCapture.tail().back());
    }
}

void WorkerSlot::endOutput(LogQueue &log)
{
    for (auto &line : stderrCapture.endOutput("worker " + std::to_string(index) + ": "))
        log.push(std::move(line));
}

} // namespace tb::runner_detail
