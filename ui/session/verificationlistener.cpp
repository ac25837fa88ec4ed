#include "verificationlistener.h"

#include "postedcalls.h"
#include "verificationcontroller.h"

#include <QString>

namespace tb {

// The calls are the controller's child, and the controller joins the run's thread in its
// destructor: it outlives every post.
void VerificationListener::onProgress(const Progress &progress)
{
    m_calls->post([c = m_controller, progress] { emit c->progressChanged(progress); });
}

void VerificationListener::onLog(const std::string &line)
{
    m_calls->post(
        [c = m_controller, text = QString::fromStdString(line)] { emit c->logLine(text); });
}

} // namespace tb
