#pragma once

#include "run/sessionevents.h"

#include <QString>
#include <QStringList>
#include <QVariant>

#include <initializer_list>
#include <optional>
#include <string>

namespace tb::resultrow {

// How one result row reads in the results table: its state's name, whether it was measured,
// what it competes with for its size's best, and the texts of its message and caveats.

// "ok", "wrong_result", ... or "compiled" for a result compiled but not timed (stateName()).
QString stateText(const Result &result);
// Ok and timed: it has a median (a compile-only result has none).
bool measured(const ResultEvent &event);
// Several resource figures added up; none when the backend reported none of them.
std::optional<double> sumOf(const Result &result, std::initializer_list<const char *> keys);
// The objective a row competes with for its size's best: only a measured ok result has one
// (a failed row's objective is not to be trusted as 0 or NaN).
double rankedObjective(const ResultEvent &event);
// What to keep in mind about an ok result's time: its measurement's caveats (throttled, clock
// moved, ...) and process rounds that disagree by more than `roundsAgreeWithin`
// (roundsDisagree). None for a failure.
QStringList caveats(const ResultEvent &event, double roundsAgreeWithin);
bool hasCaveats(const ResultEvent &event, double roundsAgreeWithin);
// A failure's message with a hint where the driver's or compiler's words say little
// (failureHint), or an ok result's caveats, one per line; invalid when neither.
QVariant toolTip(const ResultEvent &event, double roundsAgreeWithin);
// "Hint: out-of-bounds or invalid pointer; ..." for a failure message; empty when none.
QString hintLine(const std::string &message);
// A message's first line: compiler and driver texts run to many lines, the tooltip has them all.
QString firstLine(const std::string &message);

} // namespace tb::resultrow
