#include "consolereporter.h"

#include "model/measurementcaveats.h"
#include "model/resultfigure.h"
#include "textformat.h"

#include <cmath>

namespace tb {

ConsoleReporter::ConsoleReporter(std::FILE *out, bool interactive, bool verbose)
    : m_out(out), m_interactive(interactive), m_verbose(verbose)
{}

void ConsoleReporter::onRunStarted(std::int64_t runId, bool resumed)
{
    std::fprintf(m_out, "%s run %lld\n", resumed ? "Resuming" : "Starting",
                 static_cast<long long>(runId));
}

void ConsoleReporter::onPlanning(std::size_t sizeIndex, double fraction)
{
    if (!m_planning || m_planningSize != sizeIndex) {
        m_planning.emplace(std::to_string(sizeIndex + 1));
        m_planningSize = sizeIndex;
    }
    (*m_planning)(fraction);
}

void ConsoleReporter::onSpaceSized(const SpaceSummary &summary)
{
    if (m_planning) {
        m_planning->finish();
        m_planning.reset();
    }
    if (m_sizeLabels.size() <= summary.sizeIndex)
        m_sizeLabels.resize(summary.sizeIndex + 1);
    m_sizeLabels[summary.sizeIndex] = summary.sizeLabel;
    std::fprintf(m_out,
                 "Problem size %s: %llu configurations, %llu valid, %llu rejected by "
                 "constraints, %llu to evaluate\n",
                 summary.sizeLabel.c_str(), static_cast<unsigned long long>(summary.total),
                 static_cast<unsigned long long>(summary.valid),
                 static_cast<unsigned long long>(summary.rejected),
                 static_cast<unsigned long long>(summary.planned));
}

void ConsoleReporter::onResult(const ResultEvent &event)
{
    if (event.newBest)
        m_best[event.sizeIndex] = {event.result.summary.median, event.configKey};
    if (m_interactive && !m_verbose && event.result.status == ResultStatus::Ok)
        return;
    clearProgressLine();
    const std::string size =
        event.sizeIndex < m_sizeLabels.size() ? m_sizeLabels[event.sizeIndex] : "";
    std::string line(stateName(event.result));
    if (event.result.status != ResultStatus::Ok)
        line += "  " + event.result.message;
    else if (!compiledOnly(event.result))
        line += "  " + formatSeconds(event.result.summary.median);
    if (const auto registers = event.result.resource(figures::kRegisters))
        line += "  " + formatNumber(*registers) + " regs, spills " +
                formatNumber(event.result.resource(figures::kSpillStores).value_or(0)) + "/" +
                formatNumber(event.result.resource(figures::kSpillLoads).value_or(0)) + " B";
    std::fprintf(m_out, "%s  %s  %s%s\n", size.c_str(), event.configKey.c_str(), line.c_str(),
                 event.reused ? "  (stored)" : "");
}

void ConsoleReporter::onSizeFailed(const SizeFailure &failure)
{
    clearProgressLine();
    std::fprintf(stderr,
                 "error: problem size %s not tuned: %s\n  Its configurations are left "
                 "unmeasured; mend the reference and run the spec again to measure them.\n",
                 failure.sizeLabel.c_str(), failure.message.c_str());
}

void ConsoleReporter::onRoundStarted(const RoundStart &start)
{
    clearProgressLine();
    if (start.round <= start.rounds) {
        std::fprintf(m_out,
                     "Round %d of %d: measuring %zu of %zu finalists again in fresh worker "
                     "processes\n",
                     start.round, start.rounds, start.toMeasure, start.finalists);
        return;
    }
    std::fprintf(m_out,
                 "Round %d of up to %d: measuring %zu of %zu finalists again in fresh worker "
                 "processes (their rounds differ by more than %.2g%%)\n",
                 start.round, start.maxRounds, start.toMeasure, start.finalists,
                 100.0 * start.agreeWithin);
}

void ConsoleReporter::onRoundResult(const RoundEvent &event)
{
    clearProgressLine();
    const std::string size =
        event.sizeIndex < m_sizeLabels.size() ? m_sizeLabels[event.sizeIndex] : "";
    std::string rounds;
    const bool namesClocks =
        event.clocks.size() == event.medians.size() && atDifferentClockSteps(event.clocks);
    for (std::size_t i = 0; i < event.medians.size(); ++i)
        rounds += (rounds.empty() ? "" : " | ") + formatSeconds(event.medians[i]) +
                  (namesClocks ? clockText(event.clocks[i]) : "");
    const std::string measured =
        event.measured.status == ResultStatus::Ok
            ? formatSeconds(event.measured.summary.median)
            : std::string(toString(event.measured.status)) + " " + event.measured.message;
    std::fprintf(m_out, "%s  %s  round %d%s: %s  (rounds %s -> %s)\n", size.c_str(),
                 event.configKey.c_str(), event.round, event.stored ? " (stored)" : "",
                 measured.c_str(), rounds.c_str(),
                 formatSeconds(event.combined.summary.median).c_str());
}

void ConsoleReporter::onProgress(const Progress &progress)
{
    m_lastProgress = progress;
    if (!m_interactive)
        return;
    const double percent = progress.total ? 100.0 * progress.done / progress.total : 100.0;
    std::string eta = progress.etaSeconds ? formatClock(*progress.etaSeconds) : "--:--";
    // How many GPUs measure now: one that stays idle in a multi-GPU run shows at once.
    const std::string gpus = progress.gpus == 0
                                 ? std::string()
                                 : "GPUs " + std::to_string(progress.gpusBusy) + "/" +
                                       std::to_string(progress.gpus) + " busy  ";
    std::fprintf(m_out, "\r\033[K[%llu/%llu] %3.0f%%  elapsed %s  ETA %s  %s%s",
                 static_cast<unsigned long long>(progress.done),
                 static_cast<unsigned long long>(progress.total), percent,
                 formatClock(progress.elapsedSeconds).c_str(), eta.c_str(), gpus.c_str(),
                 bestText().c_str());
    std::fflush(m_out);
    m_progressShown = true;
}

void ConsoleReporter::onLog(const std::string &line)
{
    if (!m_verbose)
        return;
    clearProgressLine();
    std::fprintf(m_out, "  | %s\n", line.c_str());
}

// Shown with or without -v: what the run waits for (a Slurm allocation queued) is no detail.
void ConsoleReporter::onNotice(const std::string &line)
{
    clearProgressLine();
    std::fprintf(m_out, "%s\n", line.c_str());
    std::fflush(m_out);
}

namespace {

// ", 95 stopped early (clearly slower than the best), 12 finalist rounds" (each when not 0).
std::string finishedDetails(const RunSummary &summary)
{
    std::string details;
    if (summary.stoppedEarly > 0)
        details += ", " + std::to_string(summary.stoppedEarly) +
                   " stopped early (clearly slower than the best)";
    if (summary.roundsMeasured > 0)
        details += ", " + std::to_string(summary.roundsMeasured) + " finalist rounds";
    return details;
}

} // namespace

void ConsoleReporter::onFinished(const RunSummary &summary)
{
    clearProgressLine();
    std::fprintf(m_out,
                 "%s run %lld in %s: %llu measured, %llu from the store, %llu ok, %llu failed%s\n",
                 !summary.sizeFailures.empty() ? "Incomplete"
                 : summary.stopped             ? "Stopped"
                                               : "Finished",
                 static_cast<long long>(summary.runId), formatClock(summary.seconds).c_str(),
                 static_cast<unsigned long long>(summary.evaluated),
                 static_cast<unsigned long long>(summary.reused),
                 static_cast<unsigned long long>(summary.ok),
                 static_cast<unsigned long long>(summary.failed), finishedDetails(summary).c_str());
}

void ConsoleReporter::onFailed(const EngineError &error)
{
    clearProgressLine();
    std::fprintf(stderr, "error: %s\n", error.toString().c_str());
}

void ConsoleReporter::clearProgressLine()
{
    if (!m_progressShown)
        return;
    std::fprintf(m_out, "\r\033[K");
    m_progressShown = false;
}

std::string ConsoleReporter::bestText() const
{
    if (m_best.empty())
        return {};
    // The size being tuned now is the last one with a best; show it.
    const auto &[size, best] = *m_best.rbegin();
    const std::string label = size < m_sizeLabels.size() ? m_sizeLabels[size] : "";
    return "best " + label + ": " + formatSeconds(best.first) + " (" + best.second + ")";
}

} // namespace tb
