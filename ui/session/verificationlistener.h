#pragma once

#include "run/sessionlistener.h"

#include <functional>

namespace tb {

class PostedCalls;
class VerificationController;

// The listener of a verification's Session, called on the controller's run thread: the
// progress and the log are copied and posted to the GUI thread, where the controller emits
// them. Results are not forwarded: the verdicts come from the finished run, read back whole.
class VerificationListener : public SessionListener
{
public:
    VerificationListener(VerificationController *controller, PostedCalls *calls)
        : m_controller(controller), m_calls(calls)
    {}

    void onProgress(const Progress &progress) override;
    void onLog(const std::string &line) override;

private:
    VerificationController *m_controller;
    PostedCalls *m_calls;
};

} // namespace tb
