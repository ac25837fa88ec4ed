#include "postedcalls.h"

#include <QMetaObject>

namespace tb {

void PostedCalls::post(std::function<void()> call)
{
    bool wakeUp = false;
    {
        const std::lock_guard lock(m_mutex);
        m_calls.push_back(std::move(call));
        wakeUp = !m_wakeUpPending;
        m_wakeUpPending = true;
    }
    // One wake-up per batch: calls posted before it runs ride along.
    if (wakeUp)
        QMetaObject::invokeMethod(this, "runPosted", Qt::QueuedConnection);
}

void PostedCalls::runPosted()
{
    std::deque<std::function<void()>> calls;
    {
        const std::lock_guard lock(m_mutex);
        calls.swap(m_calls);
        m_wakeUpPending = false;
    }
    // A call may post more (or spin an event loop): those wait for the next wake-up.
    for (auto &call : calls)
        call();
}

} // namespace tb
