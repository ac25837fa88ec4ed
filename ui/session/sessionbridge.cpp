#include "sessionbridge.h"

#include "sessioncontroller.h"

#include <QMetaObject>

namespace tb {

// The controller is the context object: if it were gone, Qt drops the posted call. It joins
// the run's thread in its destructor, so in practice it outlives every post.
void SessionBridge::onRunStarted(std::int64_t runId, bool resumed)
{
    QMetaObject::invokeMethod(
        m_controller,
        [c = m_controller, runId, resumed] { emit c->runStarted(qint64(runId), resumed); },
        Qt::QueuedConnection);
}

void SessionBridge::onSpaceSized(const SpaceSummary &summary)
{
    QMetaObject::invokeMethod(
        m_controller, [c = m_controller, summary] { emit c->spaceSized(summary); },
        Qt::QueuedConnection);
}

void SessionBridge::onResult(const ResultEvent &event)
{
    QMetaObject::invokeMethod(
        m_controller, [c = m_controller, event] { emit c->resultArrived(event); },
        Qt::QueuedConnection);
}

void SessionBridge::onRoundStarted(const RoundStart &start)
{
    QMetaObject::invokeMethod(
        m_controller, [c = m_controller, start] { emit c->roundStarted(start); },
        Qt::QueuedConnection);
}

void SessionBridge::onRoundResult(const RoundEvent &event)
{
    QMetaObject::invokeMethod(
        m_controller, [c = m_controller, event] { emit c->roundResultArrived(event); },
        Qt::QueuedConnection);
}

void SessionBridge::onProgress(const Progress &progress)
{
    QMetaObject::invokeMethod(
        m_controller, [c = m_controller, progress] { emit c->progressChanged(progress); },
        Qt::QueuedConnection);
}

void SessionBridge::onLog(const std::string &line)
{
    QMetaObject::invokeMethod(
        m_controller,
        [c = m_controller, text = QString::fromStdString(line)] { emit c->logLine(text); },
        Qt::QueuedConnection);
}

} // namespace tb
