#include "roundrunner.h"

#include "analysis/bestpersize.h"
#include "metricevaluator.h"
#include "sessionlistener.h"
#include "storage/store.h"

#include <cmath>

namespace tb {

RoundRunner::RoundRunner(RoundPlan plan, const Spec &spec, SessionListener &listener, Run &run)
    : m_plan(std::move(plan)), m_spec(spec), m_listener(listener), m_run(run)
{}

void RoundRunner::addEstimate(std::uint64_t planned)
{
    m_estimate += m_plan.estimatedJobs(planned);
}

Status RoundRunner::loadStored(Store &store, std::int64_t runId)
{
    if (!m_plan.enabled())
        return ok();
    auto rounds = store.rounds().ofRun(runId);
    if (!rounds)
        return rounds.error();
    m_plan.addStored(*rounds);
    return ok();
}

// A stored result whose rounds were measured holds them combined; the finalists are ranked by
// round 1, as the search measured it.
void RoundRunner::offer(const MetricEvaluator &metrics, std::int64_t resultId,
                        std::size_t sizeIndex, const Configuration &config, const std::string &key,
                        const Result &result)
{
    if (!m_plan.enabled())
        return;
    Result first = result;
    if (const auto stored = m_plan.storedFirstRound(resultId)) {
        first.summary = *stored;
        first.metrics.clear();
        metrics.apply(config, sizeIndex, first);
    }
    const double objective = objectiveValue(m_spec, first);
    if (std::isnan(objective))
        return;
    m_plan.offer(resultId, sizeIndex, key, config,
                 m_spec.objective.minimize ? objective : -objective, first);
}

Expected<bool> RoundRunner::startNext(const MetricEvaluator &metrics)
{
    if (!m_plan.enabled() || m_run.stopRequested())
        return false;
    if (!m_plan.finalistsChosen()) {
        m_plan.chooseFinalists();
        announceStored(metrics);
        m_run.reportProgress(); // the rounds' jobs are known now, not estimated
    }
    const auto next = m_plan.nextRound();
    if (!next)
        return false;
    m_round = *next;
    m_jobs = m_plan.jobs(*next);
    // The point of a round: the workers that measure it are new processes, with a new CUDA
    // context and whatever state the GPU gives it, not the ones that measured the round before.
    if (auto status = m_run.restartBenchWorkers(); !status)
        return status.error();
    RoundStart start;
    start.round = *next;
    start.rounds = m_plan.rounds();
    start.maxRounds = m_plan.maxRounds();
    start.agreeWithin = m_plan.agreeWithin();
    start.finalists = m_plan.finalists().size();
    start.toMeasure = m_jobs.size();
    m_listener.onRoundStarted(start);
    m_run.reportProgress();
    return true;
}

// A resumed run's finalists may have rounds in the store already: say so as the rounds that
// are measured now are said, so a listener shows them (and counts them) without reopening.
void RoundRunner::announceStored(const MetricEvaluator &metrics)
{
    const auto &finalists = m_plan.finalists();
    for (std::size_t i = 0; i < finalists.size(); ++i) {
        const RoundPlan::Finalist &finalist = finalists[i];
        if (finalist.measured.empty())
            continue;
        const auto &[round, measured] = *finalist.measured.rbegin();
        RoundEvent stored =
            event(i, round, measured, combinedWithMetrics(metrics, i, m_plan.combined(i)));
        stored.stored = true;
        m_listener.onRoundResult(stored);
    }
}

Status RoundRunner::issueJobs()
{
    while (!m_jobs.empty()) {
        if (m_run.pauseRequested())
            return ok();
        auto room = m_run.roomForJob();
        if (!room)
            return room.error();
        if (!*room)
            return ok();
        const RoundPlan::Job job = m_jobs.front();
        m_jobs.erase(m_jobs.begin());
        m_run.submit(job, m_plan.finalists().at(job.finalist));
    }
    return ok();
}

Status RoundRunner::record(Store &store, const MetricEvaluator &metrics, const RoundPlan::Job &job,
                           Result measured)
{
    const RoundPlan::Finalist &finalist = m_plan.finalists().at(job.finalist);
    metrics.apply(finalist.config, finalist.sizeIndex, measured);
    Result combined = combinedWithMetrics(metrics, job.finalist, m_plan.record(job, measured));
    if (auto status = store.rounds().save(finalist.resultId, job.round, measured, combined);
        !status)
        return status;
    m_listener.onRoundResult(
        event(job.finalist, job.round, std::move(measured), std::move(combined)));
    m_run.reportProgress();
    return ok();
}

// The rounds combine summaries; the derived metrics follow from the combined median.
Result RoundRunner::combinedWithMetrics(const MetricEvaluator &metrics, std::size_t finalist,
                                        Result combined) const
{
    const RoundPlan::Finalist &which = m_plan.finalists().at(finalist);
    combined.metrics.clear();
    metrics.apply(which.config, which.sizeIndex, combined);
    return combined;
}

// What a listener hears of a finalist's round, measured now or read from the store.
RoundEvent RoundRunner::event(std::size_t finalist, int round, Result measured,
                              Result combined) const
{
    const RoundPlan::Finalist &which = m_plan.finalists().at(finalist);
    RoundEvent event;
    event.sizeIndex = which.sizeIndex;
    event.configKey = which.configKey;
    event.config = which.config;
    event.round = round;
    event.medians = m_plan.roundMedians(finalist);
    event.clocks = m_plan.roundClocks(finalist);
    event.objective = objectiveValue(m_spec, combined);
    event.measured = std::move(measured);
    event.combined = std::move(combined);
    return event;
}

bool RoundRunner::complete() const
{
    return !m_plan.enabled() || (m_plan.finalistsChosen() && !m_plan.nextRound());
}

std::uint64_t RoundRunner::plannedJobs() const
{
    return m_plan.finalistsChosen() ? m_plan.plannedJobs() : m_estimate;
}

} // namespace tb
