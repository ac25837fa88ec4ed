#include "throttledrecompute.h"

#include <QEvent>
#include <QTimer>
#include <QWidget>

namespace tb {

ThrottledRecompute::ThrottledRecompute(QWidget *view, int intervalMs,
                                       std::function<void()> recompute)
    : QObject(view), m_view(view), m_timer(new QTimer(this)), m_recompute(std::move(recompute))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(intervalMs);
    connect(m_timer, &QTimer::timeout, this, &ThrottledRecompute::recomputeIfDue);
    view->installEventFilter(this);
}

void ThrottledRecompute::schedule()
{
    // A stream of changes costs one recompute per interval: the timer running means one ran
    // less than an interval ago, and its timeout takes this change along.
    m_pending = true;
    if (m_timer->isActive())
        return;
    recomputeIfDue();
}

void ThrottledRecompute::recomputeIfDue()
{
    if (!m_pending || !m_view->isVisible())
        return; // a hidden view recomputes when shown
    m_recompute();
    m_timer->start();
}

bool ThrottledRecompute::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Show && m_pending)
        m_recompute();
    return QObject::eventFilter(watched, event);
}

} // namespace tb
