#include "compilereport.h"

#include "compilerlogparser.h"
#include "model/resultfigure.h"
#include "models/enginetext.h"

#include <QObject>

namespace tb {

namespace {

QString text(const std::string &value)
{
    return QString::fromStdString(value);
}

QString spillSummary(const Result &result)
{
    const double spilled = result.resource(figures::kSpillStores).value_or(0) +
                           result.resource(figures::kSpillLoads).value_or(0);
    return spilled > 0 ? QObject::tr("spills %1 B").arg(spilled) : QObject::tr("no spills");
}

// The message's first line: a status is one line. Triton's compile error is its where and what
// ("softmax.py line 20: NameError(...)"), then Triton's whole message, which the log holds.
QString firstLine(const std::string &message)
{
    return text(message.substr(0, message.find('\n')));
}

// The result's message for the log's "Result:" line: its first line when the compiler's log
// holds the whole of it below, else all of it.
QString resultMessage(const Result &result)
{
    if (result.compilerLog.find(result.message) != std::string::npos)
        return firstLine(result.message);
    return text(result.message);
}

} // namespace

bool CompileReport::isProblem(const CompileOutcome &outcome)
{
    return !outcome.failure.empty() || outcome.result.status != ResultStatus::Ok;
}

QString CompileReport::statusLine(const CompileOutcome &outcome,
                                  const QList<CompilerMessage> &messages,
                                  const QString &configLabel, bool cuda)
{
    const Result &result = outcome.result;
    QString verdict;
    if (!outcome.failure.empty())
        verdict = QObject::tr("could not compile: %1").arg(text(outcome.failure));
    else if (result.status == ResultStatus::Ok && cuda)
        verdict = QObject::tr("compiled for %1, %2 registers, %3")
                      .arg(text(outcome.target))
                      .arg(result.resource(figures::kRegisters).value_or(0))
                      .arg(spillSummary(result));
    else if (result.status == ResultStatus::Ok)
        verdict = QObject::tr("built with %1").arg(text(outcome.target));
    else
        verdict =
            resultStatusText(result.status) + QStringLiteral(": ") + firstLine(result.message);
    if (!messages.isEmpty())
        verdict += QStringLiteral(" (%1)").arg(CompilerLogParser::summary(messages));
    return configLabel.isEmpty() ? verdict : configLabel + QStringLiteral(": ") + verdict;
}

QString CompileReport::logText(const CompileOutcome &outcome, const QString &configLabel)
{
    QStringList lines;
    lines << QObject::tr("Configuration: %1").arg(configLabel);
    lines << QObject::tr("Target: %1 (%2)").arg(text(outcome.target), text(outcome.targetReason));
    if (!outcome.command.empty())
        lines << QObject::tr("Command: %1").arg(text(outcome.command));
    if (!outcome.failure.empty())
        lines << QObject::tr("Could not compile: %1").arg(text(outcome.failure));
    else
        lines << QObject::tr("Result: %1%2")
                     .arg(resultStatusText(outcome.result.status),
                          outcome.result.message.empty()
                              ? QString()
                              : QStringLiteral(": ") + resultMessage(outcome.result));
    lines << QString();
    const QString log = text(outcome.result.compilerLog).trimmed();
    lines << (log.isEmpty() ? QObject::tr("(the compiler printed nothing)") : log);
    // The worker's own notes explain a crash, a timeout or a refused setup; after a compiler
    // verdict they are noise.
    const bool compilerSpoke =
        outcome.failure.empty() && (outcome.result.status == ResultStatus::Ok ||
                                    outcome.result.status == ResultStatus::CompileError ||
                                    outcome.result.status == ResultStatus::InvalidLaunch);
    if (!compilerSpoke && !outcome.workerLog.empty()) {
        lines << QString() << QObject::tr("Worker log:");
        for (const auto &line : outcome.workerLog)
            lines << text(line);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace tb
