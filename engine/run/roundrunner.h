#pragma once

#include "model/expected.h"
#include "model/spec.h"
#include "roundplan.h"
#include "sessionevents.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tb {

class MetricEvaluator;
class SessionListener;
class Store;

// A run's extra rounds (measurement.process_rounds): after the search, its finalists are
// measured again, each round in fresh worker processes. Runs the RoundPlan: offers it the
// search's results, starts each round, hands its jobs to the run and records what comes back.
class RoundRunner
{
public:
    // What the rounds need of the run around them: its requests, its workers and its reports.
    class Run
    {
    public:
        virtual ~Run() = default;
        virtual bool stopRequested() const = 0;
        virtual bool pauseRequested() const = 0;
        // Whether a worker can take a job now (the workers started first if need be).
        virtual Expected<bool> roomForJob() = 0;
        // Hands a finalist's round to the workers: measured on the lane of its size.
        virtual void submit(const RoundPlan::Job &job, const RoundPlan::Finalist &finalist) = 0;
        // New processes for the measuring workers: the point of a round.
        virtual Status restartBenchWorkers() = 0;
        virtual void reportProgress() = 0;
    };

    RoundRunner(RoundPlan plan, const Spec &spec, SessionListener &listener, Run &run);

    const RoundPlan &plan() const { return m_plan; }
    // A size whose search plans `planned` configurations: its rounds' jobs, estimated.
    void addEstimate(std::uint64_t planned);
    // A resumed run's rounds, from the store.
    Status loadStored(Store &store, std::int64_t runId);
    // A finished ok result of the search, as a candidate finalist.
    void offer(const MetricEvaluator &metrics, std::int64_t resultId, std::size_t sizeIndex,
               const Configuration &config, const std::string &key, const Result &result);
    // Called with nothing in flight once the search has issued all it will: chooses the
    // finalists (first time) and begins the first round that still has some to measure.
    // False: no round left.
    Expected<bool> startNext(const MetricEvaluator &metrics);
    // Whether a round (2..) goes on: the search is over.
    bool going() const { return m_round > 1; }
    bool jobsLeft() const { return !m_jobs.empty(); }
    // The current round's jobs, while a worker can take them and no pause is asked for.
    Status issueJobs();
    Status record(Store &store, const MetricEvaluator &metrics, const RoundPlan::Job &job,
                  Result measured);
    bool complete() const;
    std::uint64_t doneJobs() const { return m_plan.doneJobs(); }
    std::uint64_t plannedJobs() const;

private:
    void announceStored(const MetricEvaluator &metrics);
    Result combinedWithMetrics(const MetricEvaluator &metrics, std::size_t finalist,
                               Result combined) const;
    RoundEvent event(std::size_t finalist, int round, Result measured, Result combined) const;

    RoundPlan m_plan;
    const Spec &m_spec;
    SessionListener &m_listener;
    Run &m_run;
    int m_round = 1;                    // 1 while searching, then the extra round going on
    std::vector<RoundPlan::Job> m_jobs; // of the current round, not yet issued
    std::uint64_t m_estimate = 0;       // until the finalists are chosen
};

} // namespace tb
