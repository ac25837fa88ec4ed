#pragma once

#include "benchlaneplacement.h"
#include "earlyexitlimit.h"
#include "jobtable.h"
#include "launchedlanes.h"
#include "model/expected.h"
#include "pipelinelaunch.h"
#include "pipelineoutcomes.h"
#include "pipelinepool.h"
#include "pipelinesettings.h"
#include "runner/jobrequest.h"
#include "runner/supervisoroptions.h"
#include "supervisorgroup.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace tb {

class ActivitySignal;
class Supervisor;

// Carries configurations through the worker pools of PipelineSettings and hands back one final
// Result per configuration: a failed compile ends at the compile stage; a compiled one goes on
// to a bench worker (one per GPU; one for the CPU backend), and its result carries the compile
// figures too. Its parts: a JobTable of the configurations in flight, PipelineOutcomes for
// what each worker's outcome means, BenchLanePlacement for which one each bench lane takes,
// EarlyExitLimit for the limit each is measured under, LaunchedLanes for the launched ones.
class JobPipeline
{
public:
    using Finished = FinishedJob;

    explicit JobPipeline(PipelineSettings settings);
    ~JobPipeline();
    // Its parts hold references to its settings and table.
    JobPipeline(const JobPipeline &) = delete;
    JobPipeline &operator=(const JobPipeline &) = delete;

    // Starts every worker of both stages, the supervisors of a stage at once; with CUDA the
    // bench workers first and the compile workers once those are ready.
    Status start();
    // New processes for the bench workers (a fresh CUDA context each), the compile workers
    // kept: a round of finalists measures in new processes, and only the measuring ones
    // matter. Call with nothing in flight.
    Status restartBenchWorkers();
    // Room for another configuration now (compile workers stay ahead of the GPUs, not further).
    bool canAccept() const;
    // onLane: measured by that bench worker only (index into the run's GPUs), not the first
    // one free: finalists of a size are all measured again on one GPU, so that no card's
    // own speed (GPUs of one model differ by a fraction of a per cent) ranks them.
    void submit(std::uint64_t token, const Configuration &config, std::size_t sizeIndex,
                std::optional<std::size_t> onLane = std::nullopt);
    std::size_t benchLaneCount() const { return m_bench.supervisors.size(); }
    // Waits up to `wait` for room while no worker can take a configuration (all of them being
    // restarted); an error once every worker of a stage has given up restarting.
    Status waitForRoom(std::chrono::milliseconds wait);
    Expected<std::vector<Finished>> poll(std::chrono::milliseconds wait);
    std::size_t inFlight() const { return m_jobs.size(); }
    // One entry per bench worker (per GPU; one for the CPU): the token it measures now.
    std::vector<std::optional<std::uint64_t>> benchLanes() const
    {
        return m_jobs.measuredOn(m_bench.supervisors.size());
    }
    // A bench worker's location (a launched one) given up on: why; "" while it is usable.
    std::string benchLaneDropped(std::size_t lane) const;
    // A bench worker being started again: neither idle nor measuring for a moment.
    bool benchLaneRestarting(std::size_t lane) const;
    // The GPU of each bench lane started through srun or ssh, as its worker's hello named it
    // (empty for a run on this machine's GPUs): known once start() succeeded.
    const std::vector<GpuIdentity> &launchedGpus() const { return m_launched.gpus(); }
    std::vector<std::string> takeLogLines();
    void stop();

    // An ok median time of `sizeIndex` stored by an earlier run (the pipeline notes those it
    // measures itself): the fastest one is what early exit compares a configuration with
    // (PipelineSettings::earlyExitFactor).
    void noteOkTime(std::size_t sizeIndex, double seconds)
    {
        m_earlyExit.noteOkTime(sizeIndex, seconds);
    }

private:
    using Pool = PipelinePool;

    void defineCpuPools();
    static void definePool(Pool &pool, WorkerRole role, int workers,
                           const std::vector<GpuIdentity> &gpus,
                           const std::vector<std::string> &extraArguments = {});
    std::vector<SupervisorToStart> createSupervisors(Pool &pool);
    Status startPools(const std::vector<Pool *> &pools);
    void startBenchInBackground();
    bool submitTo(Pool &pool, PipelineJob &job);
    bool submitToSupervisor(Supervisor &supervisor, PipelineJob &job, double stopAboveSeconds = 0);
    void collectFrom(Pool &pool, std::vector<Finished> &finished);
    std::vector<BenchLanePlacement::Lane> benchLaneStates() const;
    std::vector<BenchLanePlacement::Waiting> waitingLine() const;
    void feedBenchWorkers();
    bool referenceCompiling() const;
    Status checkAlive(const Pool &pool) const;
    Status usable(const Pool &pool) const;
    static std::size_t idle(const Pool &pool);

    PipelineSettings m_settings;
    std::shared_ptr<ActivitySignal> m_activity; // every supervisor raises it
    BackgroundStart m_benchStart;               // the CUDA bench workers' start
    Pool m_first;                               // cpu workers, or cuda compile workers
    Pool m_bench;                               // cuda bench workers, one supervisor per GPU
    JobTable m_jobs;                            // the configurations in flight
    EarlyExitLimit m_earlyExit;                 // what each is measured under
    PipelineOutcomes m_outcomes;                // what each worker's outcome means for it
    BenchLanePlacement m_placement;             // which waiting one each bench lane takes
    std::vector<std::string> m_notes;           // the pipeline's own log lines
    LaunchedLanes m_launched;                   // m_bench's lanes through srun or ssh
    std::uint64_t m_nextJobId = 1;
};

} // namespace tb
