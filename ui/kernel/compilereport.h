#pragma once

#include "compilermessage.h"
#include "tasks/compileoutcome.h"

#include <QList>
#include <QString>

namespace tb {

// The words the Kernel page shows for a finished compile.
class CompileReport
{
public:
    // One line: "BLOCK=256 at N=1024: compiled for sm_90, 16 registers, no spills" or
    // "...: compile_error, 2 errors".
    static QString statusLine(const CompileOutcome &outcome, const QList<CompilerMessage> &messages,
                              const QString &configLabel, bool cuda);
    // The log pane: what was compiled, for which target and how, then the compiler's log (and
    // the worker's notes when the compile failed without a compiler verdict).
    static QString logText(const CompileOutcome &outcome, const QString &configLabel);
    // Whether the status line is bad news (shown in the problem colour).
    static bool isProblem(const CompileOutcome &outcome);
};

} // namespace tb
