#pragma once

#include "compare/compareentry.h"
#include "compare/crossdevicepair.h"
#include "session/loadedrun.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <functional>
#include <optional>

namespace tb {

// Runs compared by their best configurations: for every problem size of every run, the best
// ok result under its spec's objective, captioned "run 3: BM=64,BN=32" ("run 3 on NVIDIA
// A100: ..." where the runs name different devices), ordered by problem size and then by run
// as given (so one size's entries stand side by side).
QVector<CompareEntry> bestEntries(const QVector<LoadedRun> &runs);

// Empty when every run tuned the same spec; otherwise a warning naming each run's spec: their
// best configurations are then matched by problem-size values only, the kernels may differ.
QString specDifferenceNote(const QVector<LoadedRun> &runs);

// Reads the runs (with their samples) from the workspace file off the GUI thread, then calls
// done on context's thread: the runs in the order of runIds, or the first error ("run 7: ...").
// Two runs on different devices come with their cross-device comparison, made there too (it
// needs the specs and results that LoadedRun leaves behind).
struct LoadedRuns
{
    QVector<LoadedRun> runs;
    std::optional<CrossDevicePair> acrossDevices;
    QString error;
};
void loadRuns(QObject *context, const QString &workspacePath, const QVector<qint64> &runIds,
              std::function<void(const LoadedRuns &)> done);

} // namespace tb
