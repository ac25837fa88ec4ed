#include "hostconfigurationbuild.h"

#include "childprocess.h"
#include "disassembler.h"
#include "scratchdirectory.h"

#include "backend/common/buildsupport.h"
#include "backend/cpu/cpubuilder.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace tb {

namespace {

// A word as a POSIX shell reads it back: as it is when it holds nothing the shell would read
// differently, else in single quotes.
std::string quoted(const std::string &word)
{
    if (!word.empty() && word.find_first_of(" \t\n\v\f\r'\"\\$") == std::string::npos)
        return word;
    std::string escaped = "'";
    for (const char c : word)
        escaped += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return escaped + "'";
}

std::string commandLine(const std::vector<std::string> &argv)
{
    std::string line;
    for (const auto &word : argv)
        line += (line.empty() ? "" : " ") + quoted(word);
    return line;
}

// What the compiler reads: the editor's text behind a #line naming the user's file, as
// CpuBuilder does, so diagnostics point at that file and its lines.
std::string sourceText(const CompileRequest &request, const std::string &fallbackName)
{
    const std::string &path = request.spec.kernel.sourcePath;
    std::string name;
    for (const char c : path.empty() ? fallbackName : path)
        name += c == '\\'  ? std::string("\\\\")
                : c == '"' ? std::string("\\\"")
                           : std::string(1, c);
    return "#line 1 \"" + name + "\"\n" + request.code;
}

// Empty when the file was written; else why not.
std::string writeFile(const std::string &path, const std::string &text)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (file)
        file.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (file)
        file.flush();
    return file ? std::string() : std::string(std::strerror(errno));
}

std::string seconds(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

ChildProcessRequest compilerRun(const std::vector<std::string> &argv, double timeoutSeconds)
{
    ChildProcessRequest run{argv, true, std::nullopt}; // the log as a terminal shows it
    if (timeoutSeconds > 0)
        run.timeLimit = std::chrono::milliseconds(static_cast<long long>(timeoutSeconds * 1000));
    return run;
}

void finishResult(const ChildProcessOutcome &compiler, CompileOutcome &outcome)
{
    Result &result = outcome.result;
    if (compiler.end == ChildProcessOutcome::End::Crashed) {
        result.status = ResultStatus::CompileError;
        result.message = "the compiler crashed";
    } else if (compiler.exitCode != 0) {
        const std::string line = firstErrorLine(result.compilerLog);
        result.status = ResultStatus::CompileError;
        result.message = "compilation failed" + (line.empty() ? "" : ": " + line);
    } else {
        result.status = ResultStatus::Ok;
        outcome.built = true;
    }
}

} // namespace

CompileOutcome buildHostConfiguration(const CompileRequest &request,
                                      const std::atomic<bool> &cancelled)
{
    using End = ChildProcessOutcome::End;
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

    const ScratchDirectory directory("tunebench-compile");
    if (directory.path().empty()) {
        outcome.failure = "cannot create a temporary directory: " + directory.error();
        return outcome;
    }
    const std::string sourceName = kernel.language == "c++" ? "kernel.cpp" : "kernel.c";
    const std::string sourcePath = directory.path() + "/" + sourceName;
    if (std::string error = writeFile(sourcePath, sourceText(request, sourceName));
        !error.empty()) {
        outcome.failure = "cannot write " + sourcePath + ": " + error;
        return outcome;
    }

    std::vector<std::string> argv = command;
    argv.insert(argv.end(), flags.begin(), flags.end());
    const std::string library = directory.path() + "/kernel.so";
    argv.insert(argv.end(), {"-o", library, sourcePath});
    outcome.command = commandLine(argv);

    const ChildProcessOutcome compiler =
        runChildProcess(compilerRun(argv, request.timeoutSeconds), cancelled);
    switch (compiler.end) {
    case End::NotStarted:
        outcome.failure =
            "cannot start the compiler '" + outcome.target + "': " + compiler.startError;
        return outcome;
    case End::Cancelled:
        outcome.failure = "cancelled";
        return outcome;
    case End::TimedOut:
        outcome.result.status = ResultStatus::Timeout;
        outcome.result.message =
            "the compiler ran longer than " + seconds(request.timeoutSeconds) + " s and was killed";
        outcome.result.compilerLog = compiler.output;
        outcome.result.compileSeconds = compiler.seconds;
        return outcome;
    case End::Exited:
    case End::Crashed:
        break;
    }
    outcome.result.compileSeconds = compiler.seconds;
    outcome.result.compilerLog = compiler.output;
    finishResult(compiler, outcome);
    if (outcome.built) { // before the temporary directory and its library go
        const Disassembler disassembler(
            toolSearch(request.toolDirectories, ToolSearch::hostTools()),
            Disassembler::kDefaultTimeoutMs, cancelled);
        outcome.code = disassembler.hostCode(library, kernel.entry);
    }
    return outcome;
}

} // namespace tb
