#pragma once

#include "compilermessage.h"

#include <QList>
#include <QString>

#include <optional>

namespace tb {

// Turns a compiler log into its diagnostics, in log order. Understands
// - NVRTC / nvcc front end: "file(LINE): error: text", also "warning", "remark",
//   "catastrophic error", with an optional " #code-D" after the severity;
// - gcc and clang: "file:LINE:COL: error: text" (also "fatal error", "warning", "note"),
//   "file:LINE: error: text" (no column);
// - ptxas: "ptxas error   : text" and "ptxas warning : text" (no location);
// - a tool's own complaint without a location: "cc1: error: text", "nvrtc: warning: text";
// - Triton (through the Triton compiler's helper): "kernel.py line LINE: text", an error, and
//   "kernel.py: text" when Triton gave no line.
// Anything else (source excerpts, carets, "In function", "N errors detected", ptxas info
// lines, the rest of Triton's message) is context and is skipped.
class CompilerLogParser
{
public:
    static QList<CompilerMessage> parse(const QString &log);
    // One line of a log: its diagnostic, or nothing when the line is context.
    static std::optional<CompilerMessage> parseLine(const QString &line);

    // Counts by severity, for headers such as "2 errors, 1 warning".
    static int count(const QList<CompilerMessage> &messages, CompilerMessage::Severity severity);
    static QString summary(const QList<CompilerMessage> &messages);
};

} // namespace tb
