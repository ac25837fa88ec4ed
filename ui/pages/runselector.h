#pragma once

#include "tasks/runrecords.h"

#include <QVector>
#include <QWidget>

class QComboBox;

namespace tb {

// Picks which stored run of the open workspace the Run page shows: one entry per run, newest
// first, with its spec, state, result count, start time and device, and where an imported run
// came from (runcaption.h).
class RunSelector : public QWidget
{
    Q_OBJECT
public:
    explicit RunSelector(QWidget *parent = nullptr);

    // Lists runs and selects selectId (the newest when 0 or absent) without emitting
    // runChosen(). Returns the id selected (0 when there is no run).
    qint64 setRuns(const QVector<RunRecord> &runs, qint64 selectId = 0);
    // Selects a listed run without emitting runChosen(); false when it is not listed.
    bool selectRun(qint64 runId);
    // The run going now is the one shown: selected, listed first as running when the list
    // does not hold it yet (a new workspace's first run), without emitting runChosen().
    void showLiveRun(qint64 runId, const QString &specName);
    qint64 currentRunId() const;
    int runCount() const;
    QComboBox *comboBox() const { return m_combo; }

signals:
    // The user picked another run.
    void runChosen(qint64 runId);

private:
    QComboBox *m_combo;
};

} // namespace tb
