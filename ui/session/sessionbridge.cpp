#include "sessionbridge.h"

#include "postedcalls.h"
#include "sessioncontroller.h"

namespace tb {

// The calls are the controller's child: if it were gone, they are dropped. It joins the run's
// thread in its destructor, so in practice it outlives every post.
void SessionBridge::onRunStarted(std::int64_t runId, bool resumed)
{
    m_calls->post(
        [c = m_controller, runId, resumed] { emit c->runStarted(qint64(runId), resumed); });
}

void SessionBridge::onSpaceSized(const SpaceSummary &summary)
{
    m_calls->post([c = m_controller, summary] { emit c->spaceSized(summary); });
}

void SessionBridge::onResult(const ResultEvent &event)
{
    m_calls->post([c = m_controller, event] { emit c->resultArrived(event); });
}

void SessionBridge::onRoundStarted(const RoundStart &start)
{
    m_calls->post([c = m_controller, start] { emit c->roundStarted(start); });
}

void SessionBridge::onRoundResult(const RoundEvent &event)
{
    m_calls->post([c = m_controller, event] { emit c->roundResultArrived(event); });
}

void SessionBridge::onProgress(const Progress &progress)
{
    m_calls->post([c = m_controller, progress] { emit c->progressChanged(progress); });
}

void SessionBridge::onBenchLane(const BenchLane &lane)
{
    m_calls->post([c = m_controller, lane] { emit c->benchLaneChanged(lane); });
}

void SessionBridge::onLog(const std::string &line)
{
    m_calls->post(
        [c = m_controller, text = QString::fromStdString(line)] { emit c->logLine(text); });
}

void SessionBridge::onRunDevice(const std::string &device, const DevicePeaks &peaks)
{
    m_calls->post([c = m_controller, name = QString::fromStdString(device), peaks] {
        emit c->runDeviceKnown(name, peaks);
    });
}

void SessionBridge::onNotice(const std::string &line)
{
    m_calls->post([c = m_controller, text = QString::fromStdString(line)] {
        emit c->logLine(text);
        emit c->notice(text);
    });
}

} // namespace tb
