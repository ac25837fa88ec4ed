#pragma once

#include "allocationhold.h"
#include "lanereporter.h"
#include "metricevaluator.h"
#include "model/expected.h"
#include "model/spec.h"
#include "roundplan.h"
#include "roundrunner.h"
#include "runpacing.h"
#include "runpipeline.h"
#include "sessionlistener.h"
#include "sessionoptions.h"
#include "sizeplans.h"
#include "workspacerun.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace tb {

// One tuning run of one spec, end to end: plan each problem size's space, hand configurations
// to worker processes, commit every result to the workspace as it arrives, and tell the
// listener. Re-running a spec in the same workspace resumes its latest run: configurations
// already measured are reported from the store, not measured again (unless options.fresh).
// A pause request (SessionOptions::pauseRequested) holds back new configurations until it is
// cleared; the run's clock stops meanwhile. With measurement.process_rounds > 1 the search is
// followed by extra rounds that measure its finalists again in fresh worker processes
// (RoundRunner).
class Session : private RoundRunner::Run
{
public:
    Session(const Spec &spec, SessionOptions options, SessionListener &listener);
    ~Session() override;

    Expected<RunSummary> run();

private:
    // How long one turn of the run's loop waits for results (or idles while paused).
    static constexpr std::chrono::milliseconds kPollInterval{100};

    struct InFlight
    {
        SizePlan *plan = nullptr;
        Configuration config;
        std::string key;
        std::optional<RoundPlan::Job> round; // a finalist measured again, not the search
    };

    // The Slurm allocation asked for: before the run is opened.
    Status holdAllocation();
    void releaseAllocation();
    Status openRun();
    Status planSizes();
    Status recordResolvedStrategy();
    Status issueWork();
    Status issueJobs();
    Status ensurePipeline();
    bool workRemains() const;
    void giveUpSize(SizePlan &plan, const std::string &message);
    Status waitForWorker();
    Status collect(std::chrono::milliseconds wait);
    Status record(SizePlan &plan, const Configuration &config, const std::string &key,
                  Result result, std::optional<std::int64_t> storedId);
    Status recordRound(const RoundPlan::Job &job, Result measured);
    // What the rounds need of the run (RoundRunner::Run).
    bool stopRequested() const override { return m_pacing.stopRequested(); }
    bool pauseRequested() const override { return m_pacing.pauseRequested(); }
    Expected<bool> roomForJob() override;
    void submit(const RoundPlan::Job &job, const RoundPlan::Finalist &finalist) override;
    Status restartBenchWorkers() override;
    // Bench lanes: what each GPU measures now.
    std::optional<LaneReporter::LaneJob> laneJob(std::uint64_t token) const;
    void reportProgress() override;
    void updatePause();
    void waitWhilePaused();
    Expected<RunSummary> fail(const EngineError &error);

    const Spec &m_spec;
    SessionOptions m_options;
    SessionListener &m_listener;
    WorkspaceRun m_run;
    std::optional<MetricEvaluator> m_metrics;
    // Before the pipeline: destroyed after it, its workers stopped before the job is cancelled.
    AllocationHold m_allocation;
    RunPipeline m_pipeline;
    SizePlans m_plans;
    std::map<std::pair<std::string, std::size_t>, StoredResult> m_stored; // earlier, of the run
    std::map<std::uint64_t, InFlight> m_inFlight;
    std::set<std::size_t> m_failedSizes; // given up on: their reference failed
    std::uint64_t m_nextToken = 1;
    std::uint64_t m_measuredDone = 0;
    RunSummary m_summary;
    RunPacing m_pacing;
    RoundRunner m_rounds;
    LaneReporter m_lanes;
};

} // namespace tb
