#pragma once

#include <QString>

namespace tb {

// One diagnostic of a compiler log: where it points (file, 1-based line, 1-based column or 0
// when the compiler gives none) and what it says. A message without a location (a ptxas
// warning, "1 error detected") has line 0.
struct CompilerMessage
{
    enum class Severity
    {
        Error,
        Warning,
        Note
    };

    Severity severity = Severity::Error;
    QString file;
    int line = 0;
    int column = 0;
    QString text;

    bool hasLocation() const { return line > 0; }
    bool operator==(const CompilerMessage &) const = default;
};

} // namespace tb
