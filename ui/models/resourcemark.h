#pragma once

#include "resultscolumns.h"
#include "run/sessionevents.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

namespace tb {

// Why a results cell is worth a second look, said first in its tooltip: spills > 0, registers
// at the per-thread limit, occupancy below kLowOccupancy, a share of peak above 100 % (likely
// cache-resident: no DRAM figure), and a median's uncertainty over kWideConfidenceCaveat (the
// engine's rule, so that the mark, the row's caveat and the CLI's "ok*" agree).
class ResourceMark
{
    Q_DECLARE_TR_FUNCTIONS(ResourceMark)
public:
    // ptxas never gives a thread more than 255 registers: a kernel there likely wants more.
    static constexpr double kRegisterLimit = 255;
    // Under a quarter of the warp slots, little latency is hidden: worth a look, not wrong.
    static constexpr double kLowOccupancy = 0.25;

    // The kinds of cell that may be marked: the others need no look at their value.
    static bool judges(ResultsColumns::Kind kind);
    // The reason for a cell of `kind` holding `value` (its raw number, invalid when none);
    // empty when the cell is unmarked.
    static QString reason(ResultsColumns::Kind kind, const QVariant &value,
                          const ResultEvent &event);

private:
    static QString wideConfidence(const ResultEvent &event);
    static QString resourceReason(ResultsColumns::Kind kind, double value);
};

} // namespace tb
