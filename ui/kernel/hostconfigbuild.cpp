#include "hostconfigbuild.h"

#include "tasks/disassembler.h"

#include "backend/common/buildsupport.h"
#include "backend/cpu/cpubuilder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <csignal>
#include <unistd.h>

namespace tb {

namespace {

QString quoted(const std::string &word)
{
    const QString text = QString::fromStdString(word);
    if (!text.isEmpty() && !text.contains(QRegularExpression(QStringLiteral(R"([\s'"\\$])"))))
        return text;
    QString escaped = text;
    escaped.replace(QLatin1Char('\''), QLatin1String("'\\''"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

std::string commandLine(const QStringList &argv)
{
    QStringList words;
    for (const QString &word : argv)
        words << quoted(word.toStdString());
    return words.join(QLatin1Char(' ')).toStdString();
}

// What the compiler reads: the editor's text behind a #line naming the user's file, as
// CpuBuilder does, so diagnostics point at that file and its lines.
QByteArray sourceText(const CompileRequest &request, const QString &fallbackName)
{
    QString name = request.spec.kernel.sourcePath.empty()
                       ? fallbackName
                       : QString::fromStdString(request.spec.kernel.sourcePath);
    name.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    name.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QStringLiteral("#line 1 \"%1\"\n").arg(name).toUtf8() +
           QByteArray::fromStdString(request.code);
}

// Kills the compiler driver and everything it started (cc1, as, ld): they share its group.
void killGroup(QProcess &process)
{
    if (process.processId() > 0)
        ::kill(-pid_t(process.processId()), SIGKILL);
    process.kill();
    process.waitForFinished(5000);
}

void finishResult(const QProcess &process, CompileOutcome &outcome)
{
    Result &result = outcome.result;
    if (process.exitStatus() == QProcess::CrashExit) {
        result.status = ResultStatus::CompileError;
        result.message = "the compiler crashed";
    } else if (process.exitCode() != 0) {
        const std::string line = firstErrorLine(result.compilerLog);
        result.status = ResultStatus::CompileError;
        result.message = "compilation failed" + (line.empty() ? "" : ": " + line);
    } else {
        result.status = ResultStatus::Ok;
        outcome.built = true;
    }
}

} // namespace

CompileOutcome buildHostConfig(const CompileRequest &request, const std::atomic<bool> &cancelled)
{
    CompileOutcome outcome;
    const KernelSource &kernel = request.spec.kernel;
    const auto command = CpuBuilder::compilerCommand(kernel.language);
    const auto flags = CpuBuilder::compileFlags(kernel, request.spec.parameters, request.config);
    outcome.target = command.empty() ? std::string() : command.front();
    outcome.targetReason = "the host compiler for " + kernel.language;
    if (std::string mismatch = parameterCountMismatch(request.spec.parameters, request.config);
        !mismatch.empty()) {
        outcome.failure = mismatch;
        return outcome;
    }

    QTemporaryDir directory(QDir::temp().filePath(QStringLiteral("tunebench-compile-XXXXXX")));
    if (!directory.isValid()) {
        outcome.failure =
            "cannot create a temporary directory: " + directory.errorString().toStdString();
        return outcome;
    }
    const QString extension =
        kernel.language == "c++" ? QStringLiteral(".cpp") : QStringLiteral(".c");
    const QString sourcePath = directory.filePath(QStringLiteral("kernel") + extension);
    QFile source(sourcePath);
    if (!source.open(QIODevice::WriteOnly) ||
        source.write(sourceText(request, QStringLiteral("kernel") + extension)) < 0 ||
        !source.flush()) {
        outcome.failure =
            "cannot write " + sourcePath.toStdString() + ": " + source.errorString().toStdString();
        return outcome;
    }
    source.close();

    QStringList argv;
    for (const auto &word : command)
        argv << QString::fromStdString(word);
    for (const auto &flag : flags)
        argv << QString::fromStdString(flag);
    argv << QStringLiteral("-o") << directory.filePath(QStringLiteral("kernel.so")) << sourcePath;
    outcome.command = commandLine(argv);

    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setChildProcessModifier([] { ::setpgid(0, 0); });
    QElapsedTimer clock;
    clock.start();
    process.start(argv.takeFirst(), argv);
    if (!process.waitForStarted(10000)) {
        outcome.failure = "cannot start the compiler '" + outcome.target +
                          "': " + process.errorString().toStdString();
        return outcome;
    }
    const qint64 limitMs = request.timeoutSeconds > 0 ? qint64(request.timeoutSeconds * 1000) : -1;
    while (process.state() != QProcess::NotRunning && !process.waitForFinished(50)) {
        if (cancelled.load()) {
            killGroup(process);
            outcome.failure = "cancelled";
            return outcome;
        }
        if (limitMs >= 0 && clock.elapsed() > limitMs) {
            killGroup(process);
            outcome.result.status = ResultStatus::Timeout;
            outcome.result.message = "the compiler ran longer than " +
                                     QString::number(request.timeoutSeconds).toStdString() +
                                     " s and was killed";
            outcome.result.compilerLog = process.readAll().toStdString();
            outcome.result.compileSeconds = double(clock.elapsed()) / 1000.0;
            return outcome;
        }
    }
    outcome.result.compileSeconds = double(clock.elapsed()) / 1000.0;
    outcome.result.compilerLog = process.readAll().toStdString();
    finishResult(process, outcome);
    if (outcome.built) { // before the temporary directory and its library go
        const Disassembler disassembler(
            toolSearch(request.toolDirectories, ToolSearch::hostTools()),
            Disassembler::kDefaultTimeoutMs, cancelled);
        outcome.code = disassembler.hostCode(
            directory.filePath(QStringLiteral("kernel.so")).toStdString(), kernel.entry);
    }
    return outcome;
}

} // namespace tb
