#pragma once

#include "document/jsonpointer.h"

#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

class QTimer;

namespace tb {

// Counts the valid configurations of the space being edited, per problem size, on a pooled
// thread: after a short quiet period, and again whenever the space changes (the running count
// is cancelled and its result dropped). It needs only the parameters, constraints and problem
// sizes to be sound, so the count shows even while other parts of the spec have errors, and
// "0 of 4,096" shows exactly when the loader refuses the spec for having no valid config.
class ValidCounter : public QObject
{
    Q_OBJECT
public:
    struct SizeCount
    {
        QString label; // "N=256"
        quint64 valid = 0;
        quint64 total = 0;
    };
    struct Outcome
    {
        QList<SizeCount> sizes;
        QString error; // why there is no count (e.g. a constraint that does not compile)
    };

    explicit ValidCounter(QObject *parent = nullptr);
    ~ValidCounter() override;

    // Count this spec's space (once it has been quiet for delay() ms).
    void request(const SpecJson &spec);
    void setDelay(int milliseconds);
    bool isCounting() const { return m_counting; }
    const Outcome &outcome() const { return m_outcome; }

    // The count itself; runs on any thread, stops early when `cancel` becomes true.
    static Outcome count(const SpecJson &spec, const std::atomic<bool> &cancel);

signals:
    void countingStarted();
    void counted();

private:
    void start();

    QTimer *m_timer;
    SpecJson m_spec;
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel; // of the count in flight
    bool m_counting = false;
    Outcome m_outcome;
};

} // namespace tb
