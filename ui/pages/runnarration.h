#pragma once

#include "session/sessionmetatypes.h"

#include <QCoreApplication>
#include <QString>

namespace tb {

struct SpecOutline;

// What the Run page's log says about a live run, one line per event the session reports: the
// spec loaded, each problem size's space, each extra round and its results, the outcome.
class RunNarration
{
    Q_DECLARE_TR_FUNCTIONS(RunNarration)
public:
    static QString specLoaded(const SpecOutline &outline);
    static QString spaceSized(const SpaceSummary &summary);
    static QString roundStarted(const RoundStart &start);
    // `sizeLabel` names the event's problem size as the results table does.
    static QString roundResult(const RoundEvent &event, const QString &sizeLabel);
    static QString sizeNotTuned(const SizeFailure &failure);
    // "Finished run 3: 120 ok, 4 failed, 0 reused, 12.5 s" (or Stopped, Incomplete).
    static QString finished(const RunSummary &summary);
};

} // namespace tb
