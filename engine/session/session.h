#pragma once

#include "metricevaluator.h"
#include "model/expected.h"
#include "model/spec.h"
#include "runclock.h"
#include "sessionlistener.h"
#include "sessionoptions.h"
#include "sizeplan.h"
#include "storage/store.h"

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace tb {

class JobPipeline;

// One tuning run of one spec, end to end: plan each problem size's space, hand configurations
// to worker processes, commit every result to the workspace as it arrives, and tell the
// listener. Re-running a spec in the same workspace resumes its latest run: configurations
// already measured are reported from the store, not measured again (unless options.fresh).
// A pause request (SessionOptions::pauseRequested) holds back new configurations until it is
// cleared; the run's clock stops meanwhile.
class Session
{
public:
    Session(const Spec &spec, SessionOptions options, SessionListener &listener);
    ~Session();

    Expected<RunSummary> run();

private:
    struct InFlight
    {
        SizePlan *plan = nullptr;
        Configuration config;
        std::string key;
    };

    Status openRun();
    Status planSizes();
    Status startPipeline();
    Status issueJobs();
    Status collect(std::chrono::milliseconds wait);
    Status record(SizePlan &plan, const Configuration &config, const std::string &key,
                  Result result, bool reused);
    void forwardLogs();
    void reportProgress();
    bool stopRequested() const;
    bool pauseRequested() const;
    void updatePause();
    void waitWhilePaused();
    bool outOfTime() const;
    double elapsedSeconds() const;
    Expected<RunSummary> fail(const EngineError &error);

    const Spec &m_spec;
    SessionOptions m_options;
    SessionListener &m_listener;
    std::optional<Store> m_store;
    std::optional<MetricEvaluator> m_metrics;
    std::unique_ptr<JobPipeline> m_pipeline;
    std::vector<std::unique_ptr<SizePlan>> m_plans;
    std::map<std::pair<std::string, std::size_t>, Result> m_stored; // earlier results of the run
    std::map<std::uint64_t, InFlight> m_inFlight;
    std::int64_t m_specId = 0;
    std::uint64_t m_nextToken = 1;
    std::uint64_t m_planned = 0;
    std::uint64_t m_measuredDone = 0;
    RunSummary m_summary;
    RunClock m_clock;
};

} // namespace tb
