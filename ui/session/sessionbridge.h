#pragma once

#include "session/sessionlistener.h"

namespace tb {

class SessionController;

// The listener a Session calls on its own thread. Every event is copied and posted to the
// controller's thread, where the controller emits it as a signal: receivers never see the
// run's thread. Finished and failed come from Session::run()'s return value instead.
class SessionBridge : public SessionListener
{
public:
    explicit SessionBridge(SessionController *controller) : m_controller(controller) {}

    void onRunStarted(std::int64_t runId, bool resumed) override;
    void onSpaceSized(const SpaceSummary &summary) override;
    void onResult(const ResultEvent &event) override;
    void onRoundStarted(const RoundStart &start) override;
    void onRoundResult(const RoundEvent &event) override;
    void onProgress(const Progress &progress) override;
    void onLog(const std::string &line) override;

private:
    SessionController *m_controller;
};

} // namespace tb
