#pragma once

#include "model/spec.h"
#include "run/sessionevents.h"
#include "specfilefinder.h"
#include "specoutline.h"
#include "tasks/runrecords.h"
#include "tasks/storedrun.h"

#include <QMetaType>
#include <QStringList>
#include <QVector>

#include <vector>

namespace tb {

// A stored run as the Run page shows it: the same value snapshots a live run emits, so the
// results table, the timeline plot and the details pane fill exactly as they do while tuning.
struct LoadedRun
{
    RunRecord record;
    SpecOutline outline;    // the spec it ran: name, metrics, parameters, objective
    QStringList sizeLabels; // by size index
    QVector<ResultEvent> events;
    // The file of the spec it ran, where the workspace controller looked for it (loadRun()):
    // opening a workspace opens that spec, and Start runs it there without asking.
    SpecFileMatch specFile;
};

// Turns stored results into events: objective and best-so-far computed as the session did.
LoadedRun toLoadedRun(StoredRun run);

} // namespace tb

Q_DECLARE_METATYPE(tb::LoadedRun)
