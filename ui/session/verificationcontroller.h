#pragma once

#include "sessionmetatypes.h"
#include "verificationrequest.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <thread>

namespace tb {

class PostedCalls;

// Runs one verification at a time on its own thread, the check `tunebench-cli verify` makes
// (engine/tasks/exportverification.h): reads the JSON export, measures its shipped
// configurations again in a temporary workspace with real workers (inconclusive ones longer,
// verifyShippedAgain()), and judges them. Every
// outcome is a signal on the controller's (GUI) thread; start() returns at once and stop()
// only raises the session's stop flag, so the GUI never waits on a measurement.
class VerificationController : public QObject
{
    Q_OBJECT
public:
    explicit VerificationController(QObject *parent = nullptr);
    // Stops a verification still going and waits for its workers to shut down.
    ~VerificationController() override;

    // False (and nothing happens) while one is going.
    bool start(const VerificationRequest &request);
    // Cancels: the run stops cleanly, then finished() comes with the configurations it did not
    // measure MISSING (and `stopped` set).
    void stop();
    bool isRunning() const { return m_running; }

signals:
    // The export was read: what it ships, before anything is measured.
    void planRead(const tb::VerificationPlanInfo &info);
    void progressChanged(const tb::Progress &progress);
    void logLine(const QString &line);
    void finished(const tb::ExportVerification &verification, bool stopped);
    // The file is not a usable export (message and the engine's hint), or the run failed.
    void failed(const QString &message);

private:
    void runOnThread(VerificationRequest request);
    void measureOnThread(const VerificationRequest &request, const ExportCheckPlan &plan);
    void post(std::function<void()> call);
    void fail(const QString &message);
    void endRun();

    PostedCalls *m_posted;
    std::thread m_thread;
    std::atomic<bool> m_stop{false};
    bool m_running = false;
};

} // namespace tb

// They travel in signals; QSignalSpy in the tests needs them registered.
Q_DECLARE_METATYPE(tb::VerificationPlanInfo)
Q_DECLARE_METATYPE(tb::ExportVerification)
