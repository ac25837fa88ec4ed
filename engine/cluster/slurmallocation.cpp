#include "slurmallocation.h"

#include "sallocoutput.h"
#include "watchedprocess.h"

#include <csignal>
#include <vector>

namespace tb {

namespace {

using namespace std::chrono_literals;

// How long salloc may take to give up a request once interrupted, and scancel to answer.
constexpr auto kSallocStopWait = 10s;
constexpr auto kScancelWait = 30s;
constexpr auto kPoll = 100ms;

std::string commandText(const std::vector<std::string> &command)
{
    std::string text;
    for (const auto &word : command)
        text += (text.empty() ? "" : " ") + word;
    return text;
}

// `scancel JOB`: "" when Slurm took it, else what scancel said.
std::string cancelJob(const std::string &program, const std::string &jobId)
{
    WatchedProcess scancel;
    if (auto started = scancel.start({program, jobId}); !started)
        return started.error().toString();
    std::string said;
    const auto deadline = std::chrono::steady_clock::now() + kScancelWait;
    while (!scancel.outputEnded() && std::chrono::steady_clock::now() < deadline) {
        if (auto line = scancel.readLine(kPoll))
            said += (said.empty() ? "" : "; ") + *line;
    }
    const int exitCode = scancel.finish(1s);
    if (exitCode == 0)
        return "";
    return "exit status " + std::to_string(exitCode) + (said.empty() ? "" : ": " + said);
}

// What salloc said, line by line, until it ended: the job id and whether it was granted.
struct SallocWait
{
    std::vector<std::string> output;
    std::string jobId;
    bool granted = false;
    bool stopped = false;
    int exitCode = -1;
};

SallocWait waitForSalloc(WatchedProcess &salloc, const SallocRequest &request,
                         const std::atomic<bool> *stopRequested, const SlurmAllocation::Say &say)
{
    SallocWait wait;
    auto giveUp = std::chrono::steady_clock::time_point::max();
    while (!salloc.outputEnded() && std::chrono::steady_clock::now() < giveUp) {
        if (!wait.stopped && stopRequested && stopRequested->load()) {
            wait.stopped = true;
            salloc.sendSignal(SIGINT); // salloc revokes a pending request on SIGINT
            giveUp = std::chrono::steady_clock::now() + kSallocStopWait;
        }
        auto line = salloc.readLine(kPoll);
        if (!line)
            continue;
        wait.output.push_back(*line);
        const SallocLine said = readSallocLine(*line);
        if (!said.jobId.empty())
            wait.jobId = said.jobId;
        if (said.kind == SallocLine::Kind::Queued)
            say("Slurm job " + said.jobId + " is queued and waiting for resources (" +
                describeAllocation(request) +
                "); the run starts once they are granted, and stopping it cancels the job");
        if (said.kind == SallocLine::Kind::Granted)
            wait.granted = true;
    }
    wait.exitCode = salloc.finish(wait.stopped ? 1s : kScancelWait);
    return wait;
}

} // namespace

Expected<std::unique_ptr<SlurmAllocation>>
SlurmAllocation::obtain(const SallocRequest &request, const std::atomic<bool> *stopRequested,
                        const Say &say)
{
    const auto command = sallocCommand(request);
    say("Asking Slurm for an allocation (" + describeAllocation(request) +
        "): " + commandText(command));
    WatchedProcess salloc;
    if (auto started = salloc.start(command); !started)
        return makeError(EngineError::Code::WorkerError,
                         "cannot ask Slurm for an allocation: " + started.error().message,
                         started.error().detail);
    const SallocWait wait = waitForSalloc(salloc, request, stopRequested, say);
    // Whatever went wrong, a job salloc made is not left behind.
    const auto cancelled = [&] {
        const std::string failure =
            wait.jobId.empty() ? "" : cancelJob(request.scancelProgram, wait.jobId);
        return failure.empty()
                   ? std::string()
                   : " (scancel " + wait.jobId + " failed: " + failure + "; cancel it by hand)";
    };
    if (wait.stopped)
        return makeError(EngineError::Code::Cancelled,
                         "stopped while waiting for the Slurm allocation" +
                             (wait.jobId.empty() ? "" : ": job " + wait.jobId + " cancelled") +
                             cancelled(),
                         "nothing was measured");
    if (!wait.granted || wait.exitCode != 0) {
        EngineError error = sallocRefusal(request, wait.output, wait.exitCode);
        error.message += cancelled();
        return error;
    }
    say("Slurm granted job " + wait.jobId + " (" + describeAllocation(request) +
        "): the measuring workers run in it as srun steps; it is cancelled when the run ends");
    return std::unique_ptr<SlurmAllocation>(
        new SlurmAllocation(wait.jobId, request.scancelProgram));
}

SlurmAllocation::SlurmAllocation(std::string jobId, std::string scancelProgram)
    : m_jobId(std::move(jobId)), m_scancelProgram(std::move(scancelProgram))
{}

SlurmAllocation::~SlurmAllocation()
{
    release();
}

std::string SlurmAllocation::release()
{
    if (m_released)
        return "";
    m_released = true;
    const std::string failure = cancelJob(m_scancelProgram, m_jobId);
    if (failure.empty())
        return "Released Slurm job " + m_jobId + " (scancel " + m_jobId + ")";
    return "Could not release Slurm job " + m_jobId + " (" + failure + "): cancel it with `" +
           m_scancelProgram + " " + m_jobId + "`";
}

} // namespace tb
