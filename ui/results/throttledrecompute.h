#pragma once

#include <QObject>

#include <functional>

class QTimer;
class QWidget;

namespace tb {

// When a view of the streaming results recomputes: the first change after a quiet spell at
// once, later ones at most once per interval, and only while the view is shown (a hidden view
// recomputes when it is shown again). The Importance and Roofline views share it.
class ThrottledRecompute : public QObject
{
    Q_OBJECT
public:
    // `recompute` must call done().
    ThrottledRecompute(QWidget *view, int intervalMs, std::function<void()> recompute);

    // The view's data changed.
    void schedule();
    // The view recomputed, whoever asked it to.
    void done() { m_pending = false; }
    bool pending() const { return m_pending; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void recomputeIfDue();

    QWidget *m_view;
    QTimer *m_timer;
    std::function<void()> m_recompute;
    bool m_pending = false;
};

} // namespace tb
