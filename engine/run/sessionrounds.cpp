// Session's extra rounds (measurement.process_rounds): after the search, its finalists are
// measured again, each round in fresh worker processes. Apart from session.cpp to keep both
// files short.
#include "session.h"

#include "analysis/bestpersize.h"
#include "pipeline/jobpipeline.h"

#include <cmath>

namespace tb {

Status Session::loadStoredRounds(std::int64_t runId)
{
    if (!m_rounds.enabled())
        return ok();
    auto rounds = m_store->rounds(runId);
    if (!rounds)
        return rounds.error();
    m_rounds.addStored(*rounds);
    return ok();
}

// A stored result whose rounds were measured holds them combined; the finalists are ranked by
// round 1, as the search measured it.
void Session::offerFinalist(std::int64_t resultId, std::size_t sizeIndex,
                            const Configuration &config, const std::string &key,
                            const Result &result)
{
    if (!m_rounds.enabled())
        return;
    Result first = result;
    if (const auto stored = m_rounds.storedFirstRound(resultId)) {
        first.summary = *stored;
        first.metrics.clear();
        m_metrics->apply(config, sizeIndex, first);
    }
    const double objective = objectiveValue(m_spec, first);
    if (std::isnan(objective))
        return;
    m_rounds.offer(resultId, sizeIndex, key, config,
                   m_spec.objective.minimize ? objective : -objective, first);
}

// Called with nothing in flight once the search has issued all it will: chooses the finalists
// (first time) and begins the first round that still has some to measure. False: no round left.
Expected<bool> Session::startNextRound()
{
    if (!m_rounds.enabled() || m_pacing.stopRequested())
        return false;
    if (!m_rounds.finalistsChosen()) {
        m_rounds.chooseFinalists();
        announceStoredRounds();
        reportProgress(); // the rounds' jobs are known now, not estimated
    }
    const auto next = m_rounds.nextRound();
    if (!next)
        return false;
    m_round = *next;
    m_roundJobs = m_rounds.jobs(*next);
    // The point of a round: the workers that measure it are new processes, with a new CUDA
    // context and whatever state the GPU gives it, not the ones that measured the round before.
    if (auto status = restartBenchWorkers(); !status)
        return status.error();
    RoundStart start;
    start.round = *next;
    start.rounds = m_rounds.rounds();
    start.maxRounds = m_rounds.maxRounds();
    start.agreeWithin = m_rounds.agreeWithin();
    start.finalists = m_rounds.finalists().size();
    start.toMeasure = m_roundJobs.size();
    m_listener.onRoundStarted(start);
    reportProgress();
    return true;
}

// A resumed run's finalists may have rounds in the store already: say so as the rounds that
// are measured now are said, so a listener shows them (and counts them) without reopening.
void Session::announceStoredRounds()
{
    const auto &finalists = m_rounds.finalists();
    for (std::size_t i = 0; i < finalists.size(); ++i) {
        const RoundPlan::Finalist &finalist = finalists[i];
        if (finalist.measured.empty())
            continue;
        const auto &[round, measured] = *finalist.measured.rbegin();
        RoundEvent event =
            roundEvent(i, round, measured, combinedWithMetrics(i, m_rounds.combined(i)));
        event.stored = true;
        m_listener.onRoundResult(event);
    }
}

Status Session::issueRoundJobs()
{
    while (!m_roundJobs.empty()) {
        if (m_pacing.pauseRequested())
            return ok();
        if (auto status = ensurePipeline(); !status)
            return status;
        if (!m_pipeline->canAccept())
            return ok();
        const RoundPlan::Job job = m_roundJobs.front();
        m_roundJobs.erase(m_roundJobs.begin());
        const auto &finalist = m_rounds.finalists().at(job.finalist);
        const std::uint64_t token = m_nextToken++;
        // A size's finalists all on one GPU: their rounds rank them, not the cards' speeds.
        m_pipeline->submit(token, finalist.config, finalist.sizeIndex, finalist.sizeIndex);
        m_inFlight.emplace(token, InFlight{nullptr, finalist.config, finalist.configKey, job});
        m_listener.onConfigStarted(finalist.sizeIndex, finalist.configKey);
    }
    return ok();
}

Status Session::recordRound(const RoundPlan::Job &job, Result measured)
{
    const RoundPlan::Finalist &finalist = m_rounds.finalists().at(job.finalist);
    m_metrics->apply(finalist.config, finalist.sizeIndex, measured);
    Result combined = combinedWithMetrics(job.finalist, m_rounds.record(job, measured));
    if (auto status = m_store->saveRound(finalist.resultId, job.round, measured, combined); !status)
        return status;
    ++m_summary.roundsMeasured;
    m_listener.onRoundResult(
        roundEvent(job.finalist, job.round, std::move(measured), std::move(combined)));
    reportProgress();
    return ok();
}

// The rounds combine summaries; the derived metrics follow from the combined median.
Result Session::combinedWithMetrics(std::size_t finalist, Result combined) const
{
    const RoundPlan::Finalist &which = m_rounds.finalists().at(finalist);
    combined.metrics.clear();
    m_metrics->apply(which.config, which.sizeIndex, combined);
    return combined;
}

// What a listener hears of a finalist's round, measured now or read from the store.
RoundEvent Session::roundEvent(std::size_t finalist, int round, Result measured,
                               Result combined) const
{
    const RoundPlan::Finalist &which = m_rounds.finalists().at(finalist);
    RoundEvent event;
    event.sizeIndex = which.sizeIndex;
    event.configKey = which.configKey;
    event.config = which.config;
    event.round = round;
    event.medians = m_rounds.roundMedians(finalist);
    event.clocks = m_rounds.roundClocks(finalist);
    event.objective = objectiveValue(m_spec, combined);
    event.measured = std::move(measured);
    event.combined = std::move(combined);
    return event;
}

// The compile workers stay: only the measuring ones need to be new processes.
Status Session::restartBenchWorkers()
{
    if (!m_pipeline)
        return ok(); // the next job starts the pipeline, with new processes
    auto status = m_pipeline->restartBenchWorkers();
    forwardLogs();
    if (status)
        reportLanes(true);
    return status;
}

bool Session::roundsComplete() const
{
    return !m_rounds.enabled() || (m_rounds.finalistsChosen() && !m_rounds.nextRound());
}

std::uint64_t Session::roundJobsPlanned() const
{
    return m_rounds.finalistsChosen() ? m_rounds.plannedJobs() : m_roundJobsEstimate;
}

} // namespace tb
