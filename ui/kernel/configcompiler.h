#pragma once

#include "compilemetatypes.h"
#include "tasks/compilerequest.h"

#include <QObject>

#include <atomic>
#include <thread>

namespace tb {

class PostedCalls;

// Runs one compile at a time off the GUI thread (CUDA: buildCudaConfiguration, a cuda-compile
// worker; cpu: buildHostConfiguration, the host compiler) and reports it with finished(),
// emitted on the compiler's own (GUI) thread. A second start() while one runs is refused, not
// queued: the caller says so to the user. Destroying the compiler cancels a running compile and
// waits for its thread.
class ConfigCompiler : public QObject
{
    Q_OBJECT
public:
    explicit ConfigCompiler(QObject *parent = nullptr);
    ~ConfigCompiler() override;

    // False (and nothing happens) while a compile is running.
    bool start(CompileRequest request);
    bool isBusy() const { return m_busy; }
    // Ends a running compile soon; its finished() then carries failure "cancelled".
    void cancel();

signals:
    void finished(const tb::CompileOutcome &outcome);

private:
    void run(const CompileRequest &request);
    void join();

    PostedCalls *m_posted;
    std::thread m_thread;
    std::atomic<bool> m_cancelled{false};
    bool m_busy = false;
};

} // namespace tb
