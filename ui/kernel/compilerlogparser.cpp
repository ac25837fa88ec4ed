#include "compilerlogparser.h"

#include <QObject>
#include <QRegularExpression>

#include <algorithm>

namespace tb {

namespace {

using Severity = CompilerMessage::Severity;

Severity severityOf(const QString &word)
{
    if (word.contains(QLatin1String("error")))
        return Severity::Error;
    if (word == QLatin1String("warning"))
        return Severity::Warning;
    return Severity::Note; // note, remark
}

// "kernel.cu(12): error: ..." and "kernel.cu(12): warning #177-D: ...".
const QRegularExpression &nvrtcPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"re(^(.+?)\((\d+)\): (catastrophic error|error|warning|remark|note))re"
                       R"re((?: #[0-9A-Za-z-]+)?: (.*)$)re"));
    return pattern;
}

// "kernel.c:12:5: error: ..." and "kernel.c:12: error: ...".
const QRegularExpression &gccPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^(.+?):(\d+):(?:(\d+):)? (fatal error|error|warning|note): (.*)$)"));
    return pattern;
}

const QRegularExpression &ptxasPattern()
{
    static const QRegularExpression pattern(QStringLiteral(R"(^ptxas (error|warning)\s*: (.*)$)"));
    return pattern;
}

// Triton's compile errors as the Triton compiler reports them (tritoncompiler.cpp): "softmax.py
// line 12: NameError(...)" heads Triton's whole message; "softmax.py: ..." when Triton named no
// line. Every such line is an error: Triton stops at the first.
const QRegularExpression &tritonPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^([^\s:()]+\.py)(?: line (\d+))?: (.*)$)"));
    return pattern;
}

// "cc1: error: ...", "nvrtc: error: ...": the tool names itself instead of a file.
const QRegularExpression &toolPattern()
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^([^\s:()]+): (fatal error|error|warning|note): (.*)$)"));
    return pattern;
}

} // namespace

std::optional<CompilerMessage> CompilerLogParser::parseLine(const QString &rawLine)
{
    const QString line = rawLine.trimmed();
    if (line.isEmpty())
        return std::nullopt;
    if (const auto match = nvrtcPattern().match(line); match.hasMatch()) {
        return CompilerMessage{severityOf(match.captured(3)), match.captured(1),
                               match.captured(2).toInt(), 0, match.captured(4).trimmed()};
    }
    if (const auto match = gccPattern().match(line); match.hasMatch()) {
        return CompilerMessage{severityOf(match.captured(4)), match.captured(1),
                               match.captured(2).toInt(), match.captured(3).toInt(),
                               match.captured(5).trimmed()};
    }
    if (const auto match = ptxasPattern().match(line); match.hasMatch()) {
        return CompilerMessage{severityOf(match.captured(1)), QStringLiteral("ptxas"), 0, 0,
                               match.captured(2).trimmed()};
    }
    if (const auto match = tritonPattern().match(line); match.hasMatch())
        return CompilerMessage{Severity::Error, match.captured(1), match.captured(2).toInt(), 0,
                               match.captured(3).trimmed()};
    if (const auto match = toolPattern().match(line); match.hasMatch())
        return CompilerMessage{severityOf(match.captured(2)), match.captured(1), 0, 0,
                               match.captured(3).trimmed()};
    return std::nullopt;
}

QList<CompilerMessage> CompilerLogParser::parse(const QString &log)
{
    QList<CompilerMessage> messages;
    const QStringList lines = log.split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        if (auto message = parseLine(line))
            messages.append(*message);
    }
    return messages;
}

int CompilerLogParser::count(const QList<CompilerMessage> &messages, Severity severity)
{
    return int(std::count_if(messages.begin(), messages.end(),
                             [severity](const auto &m) { return m.severity == severity; }));
}

QString CompilerLogParser::summary(const QList<CompilerMessage> &messages)
{
    const int errors = count(messages, Severity::Error);
    const int warnings = count(messages, Severity::Warning);
    if (errors == 0 && warnings == 0)
        return messages.isEmpty() ? QObject::tr("no messages")
                                  : QObject::tr("%n note(s)", nullptr, int(messages.size()));
    QStringList parts;
    if (errors > 0)
        parts << QObject::tr("%n error(s)", nullptr, errors);
    if (warnings > 0)
        parts << QObject::tr("%n warning(s)", nullptr, warnings);
    return parts.join(QStringLiteral(", "));
}

} // namespace tb
