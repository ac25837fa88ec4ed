#include "pipelineoutcomes.h"

#include "model/resultfigure.h"

#include <chrono>

namespace tb {

namespace {

// A bench result keeps its own figures; the compile stage adds what only it knows.
void mergeCompileFigures(Result &measured, const Result &compiled)
{
    measured.compileSeconds = compiled.compileSeconds;
    measured.cachedBuild = compiled.cachedBuild;
    if (measured.compilerLog.empty())
        measured.compilerLog = compiled.compilerLog;
    for (const auto &[key, value] : compiled.resources)
        measured.resources.emplace(key, value);
}

} // namespace

PipelineOutcomes::PipelineOutcomes(const PipelineSettings &settings, JobTable &jobs,
                                   EarlyExitLimit &earlyExit)
    : m_settings(settings), m_jobs(jobs), m_earlyExit(earlyExit)
{}

std::optional<FinishedJob> PipelineOutcomes::settle(Stage stage, std::size_t supervisor,
                                                    JobOutcome outcome)
{
    PipelineJob *job = m_jobs.takeFromWorker(outcome.id);
    if (!job) // every outcome answers a job submitted here: none is expected
        return std::nullopt;
    const std::chrono::duration<double> onStage =
        std::chrono::steady_clock::now() - job->submittedAt;
    const bool bench = stage == Stage::Bench;
    if (bench && outcome.lost && requeueLost(supervisor, *job, outcome))
        return std::nullopt;
    outcome.result.resources[bench ? figures::kBenchSeconds : figures::kStageSeconds] =
        onStage.count();
    if (!bench && m_settings.hasBenchStage() && outcome.result.status == ResultStatus::Ok) {
        job->compiled = std::move(outcome.result);
        m_jobs.queue(*job);
        return std::nullopt;
    }
    if (bench) {
        if (outcome.result.status == ResultStatus::Ok && outcome.result.summary.count > 0)
            m_earlyExit.noteOkTime(outcome.sizeIndex,
                                   outcome.result.summary.median); // before the next feed
        labelDevice(supervisor, outcome);
    }
    // The host of the worker that produced it: the measuring one's, or for a result that never
    // reached one (a failed compile), the compiling one's.
    outcome.result.host = outcome.host;
    // Else the measuring worker built it and says so itself.
    if (job->compiled && m_settings.compilesHere())
        mergeCompileFigures(outcome.result, *job->compiled);
    FinishedJob finished{job->token, std::move(outcome.result)};
    m_jobs.erase(job->token);
    return finished;
}

// The GPU the measuring worker named in its hello: a launched lane's may change when its
// worker is started again (another node of the allocation).
void PipelineOutcomes::labelDevice(std::size_t lane, JobOutcome &outcome) const
{
    if (!outcome.gpu.name.empty() || !outcome.gpu.uuid.empty()) {
        outcome.result.device = outcome.gpu.name;
        outcome.result.deviceUuid = outcome.gpu.uuid;
    } else if (lane < m_settings.gpus.size()) {
        outcome.result.device = m_settings.gpus[lane].name;
        outcome.result.deviceUuid = m_settings.gpus[lane].uuid;
    } else {
        outcome.result.device = outcome.device; // a CPU worker's "cpu: MODEL"
    }
}

// The lost configuration waits again for a measuring worker, first in line (on another lane
// while there is one: BenchLanePlacement::avoids()), with its compile result; a pinned one (a
// finalists' round) may go to any lane now, since its own may be gone.
bool PipelineOutcomes::requeueLost(std::size_t lane, PipelineJob &job, JobOutcome &outcome)
{
    job.lane.reset();
    if (++job.lostWorkers >= kLostWorkersPerConfiguration) {
        outcome.result.message += " (" + std::to_string(job.lostWorkers) +
                                  " workers lost while measuring it; not run again)";
        return false;
    }
    if (!job.compiled)
        return false;
    job.pinnedLane.reset();
    job.lostOnLane = lane;
    m_jobs.queue(job, /*first=*/true);
    return true;
}

} // namespace tb
