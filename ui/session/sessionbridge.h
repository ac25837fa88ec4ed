#pragma once

#include "run/sessionlistener.h"

namespace tb {

class PostedCalls;
class SessionController;

// The listener a Session calls on its own thread. Every event is copied and posted to the
// controller's thread, where the controller emits it as a signal: receivers never see the
// run's thread. Finished and failed come from Session::run()'s return value instead.
class SessionBridge : public SessionListener
{
public:
    SessionBridge(SessionController *controller, PostedCalls *calls)
        : m_controller(controller), m_calls(calls)
    {}

    void onRunStarted(std::int64_t runId, bool resumed) override;
    void onSpaceSized(const SpaceSummary &summary) override;
    void onResult(const ResultEvent &event) override;
    void onRoundStarted(const RoundStart &start) override;
    void onRoundResult(const RoundEvent &event) override;
    void onProgress(const Progress &progress) override;
    void onBenchLane(const BenchLane &lane) override;
    void onLog(const std::string &line) override;
    void onNotice(const std::string &line) override;
    void onRunDevice(const std::string &device, const DevicePeaks &peaks) override;

private:
    SessionController *m_controller;
    PostedCalls *m_calls;
};

} // namespace tb
