#pragma once

#include "document/jsonpointer.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace tb::specnames {

// Names read straight from the JSON being edited (not from a validated spec, which may not
// exist while the user types), so expressions can be checked on every keystroke.
QStringList parameters(const SpecJson &spec);
QStringList sizes(const SpecJson &spec); // the first problem size's keys, in document order
QStringList metrics(const SpecJson &spec);
QStringList arguments(const SpecJson &spec);

// What a spec expression may use: parameters, then sizes, then `time` and `energy` for metrics.
std::vector<std::string> expressionNames(const SpecJson &spec, bool withTime);
// "" when `text` compiles against `names`, else why not (the engine's own words).
QString checkExpression(const QString &text, const std::vector<std::string> &names);

} // namespace tb::specnames
