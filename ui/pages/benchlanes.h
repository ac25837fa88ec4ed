#pragma once

#include "run/sessionevents.h"

#include <QVector>
#include <QWidget>

class QGridLayout;
class QLabel;

namespace tb {

// The Run page's lanes: one row per bench worker of the live run (one per GPU; the CPU
// backend's measuring worker, or one per launched location: "srun task 2", "ssh node1"), each
// saying which configuration it measures now, or that it is idle, being restarted or dropped
// ("dropped: <reason>"). A GPU that stays idle while others work shows at once. Hidden without
// a live run.
class BenchLanes : public QWidget
{
    Q_OBJECT
public:
    explicit BenchLanes(QWidget *parent = nullptr);

    void setLane(const BenchLane &lane);
    // Forgets every lane and hides (the run ended, or a stored run is shown).
    void clear();

    int laneCount() const { return m_devices.size(); }
    QString deviceText(int lane) const;
    QString stateText(int lane) const;

signals:
    // A lane's location was dropped (told once per lane and run): the Run page logs it.
    void locationDropped(const QString &location, const QString &reason);

private:
    void addRowsUpTo(int lanes);

    QGridLayout *m_grid;
    QVector<QLabel *> m_devices;
    QVector<QLabel *> m_states;
    QVector<bool> m_droppedTold;
};

} // namespace tb
