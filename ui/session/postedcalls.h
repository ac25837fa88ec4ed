#pragma once

#include <QObject>

#include <deque>
#include <functional>
#include <mutex>

namespace tb {

// Hands calls from any thread to this object's (GUI) thread, run there in the order posted.
// The calls travel through a queue guarded by a std::mutex, and Qt only carries a wake-up
// with no payload: so every hand-over is ordered by a lock that ThreadSanitizer sees, where
// a functor given to QMetaObject::invokeMethod is copied, run and freed under QtCore's own
// reference counts, which an uninstrumented Qt hides from it (47 false reports on the
// session's events before this class).
class PostedCalls : public QObject
{
    Q_OBJECT
public:
    explicit PostedCalls(QObject *parent = nullptr) : QObject(parent) {}

    // Any thread. Calls still queued when this object is destroyed are dropped unrun.
    void post(std::function<void()> call);

private:
    Q_INVOKABLE void runPosted();

    std::mutex m_mutex;
    std::deque<std::function<void()>> m_calls;
    bool m_wakeUpPending = false;
};

} // namespace tb
