#pragma once

#include "runrequest.h"
#include "sessionmetatypes.h"
#include "specoutline.h"

#include <QObject>
#include <QStringList>

#include <atomic>
#include <thread>

namespace tb {

class PostedCalls;
struct RunSetup;
struct SessionOptions;
struct Spec;

// Runs one tb::Session at a time on its own thread and turns the session's events into
// signals carrying value snapshots, emitted on the controller's (GUI) thread. Nothing here
// blocks the caller: start() returns at once, stop() only raises the session's stop flag and
// pause() / resume() only raise and lower its pause flag.
class SessionController : public QObject
{
    Q_OBJECT
public:
    explicit SessionController(QObject *parent = nullptr);
    // Stops a run still going and waits for its workers to shut down.
    ~SessionController() override;

    // False (and nothing happens) while a run is going.
    bool start(const RunRequest &request);
    void stop();
    bool isRunning() const { return m_running; }
    // While paused the run starts no new configuration; those in flight finish and are
    // reported, and the run's clock (elapsed, ETA, time budget) stands still. stop() still
    // ends a paused run. No-ops unless a run is going; a new run starts unpaused.
    void pause();
    void resume();
    bool isPaused() const { return m_paused; }

    // tunebench-worker beside the running executable, unless $TUNEBENCH_WORKER names another.
    static QString defaultWorkerPath();

signals:
    // The spec is valid and about to run: its name, derived metrics, backend, parameter names
    // and objective.
    void specLoaded(const tb::SpecOutline &outline);
    void runStarted(qint64 runId, bool resumed);
    void spaceSized(const tb::SpaceSummary &summary);
    void resultArrived(const tb::ResultEvent &event);
    // An extra round (measurement.process_rounds) began; a finalist was measured in one.
    void roundStarted(const tb::RoundStart &start);
    void roundResultArrived(const tb::RoundEvent &event);
    void progressChanged(const tb::Progress &progress);
    // What one bench worker (one per GPU) measures now; every lane is told when they start.
    void benchLaneChanged(const tb::BenchLane &lane);
    void logLine(const QString &line);
    // What the run waits on outside it (a Slurm allocation queued, granted, released): told
    // in logLine too, and shown where the run's state is while it has not started.
    void notice(const QString &line);
    // A launched CUDA run's GPU, known once its workers said hello: the peaks its results are
    // judged by from now on (specLoaded had none).
    void runDeviceKnown(const QString &device, const tb::DevicePeaks &peaks);
    // The CUDA run about to start only compiles (asked for, or no GPU): the line says why and
    // for which architecture. Results carry resources, no timings.
    void compilingOnly(const QString &announcement);
    // pause() or resume() took effect (also false when a paused run ends).
    void pausedChanged(bool paused);
    void finished(const tb::RunSummary &summary);
    // The spec could not be loaded (message and every "PATH: problem") or the run failed.
    void failed(const QString &message);

private:
    void runOnThread(RunRequest request);
    void announce(const RunSetup &setup);
    void post(std::function<void()> call);
    void endRun();
    void setPaused(bool paused);

    PostedCalls *m_posted;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_pauseFlag{false};
    bool m_running = false;
    bool m_paused = false;
};

} // namespace tb
