#pragma once

#include "model/devicepeaks.h"
#include "sessionevents.h"

namespace tb {

// Receives a Session's events, on the thread that calls Session::run(). The CLI prints them;
// the GUI's facade turns them into queued Qt signals.
class SessionListener
{
public:
    virtual ~SessionListener() = default;

    virtual void onRunStarted(std::int64_t runId, bool resumed)
    {
        (void)runId;
        (void)resumed;
    }
    // While a size's grid is walked to find its valid configurations: the fraction walked.
    // Often during a long walk (10^9 points without pruning: about a minute), never for a
    // short one.
    virtual void onPlanning(std::size_t sizeIndex, double fraction)
    {
        (void)sizeIndex;
        (void)fraction;
    }
    virtual void onSpaceSized(const SpaceSummary &summary) { (void)summary; }
    virtual void onConfigStarted(std::size_t sizeIndex, const std::string &configKey)
    {
        (void)sizeIndex;
        (void)configKey;
    }
    virtual void onResult(const ResultEvent &event) { (void)event; }
    // A size given up on (its reference failed); its configurations in flight are dropped.
    virtual void onSizeFailed(const SizeFailure &failure) { (void)failure; }
    virtual void onRoundStarted(const RoundStart &start) { (void)start; }
    virtual void onRoundResult(const RoundEvent &event) { (void)event; }
    virtual void onProgress(const Progress &progress) { (void)progress; }
    virtual void onBenchLane(const BenchLane &lane) { (void)lane; }
    // A run whose measuring workers started through srun or ssh knows its GPU only once they
    // said hello: its model and the peaks results are judged by (the spec's winning).
    virtual void onRunDevice(const std::string &device, const DevicePeaks &peaks)
    {
        (void)device;
        (void)peaks;
    }
    virtual void onLog(const std::string &line) { (void)line; }
    // A line to show even where the log is hidden: the run waits on something outside it
    // (a Slurm allocation queued and waiting for resources, granted, released). Logged unless
    // a listener shows it otherwise.
    virtual void onNotice(const std::string &line) { onLog(line); }
    virtual void onFinished(const RunSummary &summary) { (void)summary; }
    virtual void onFailed(const EngineError &error) { (void)error; }
};

} // namespace tb
