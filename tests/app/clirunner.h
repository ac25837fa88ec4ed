#pragma once

#include "testpaths.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <functional>

// Runs the real tunebench-cli binary for end-to-end tests.
struct CliOutcome
{
    int exitCode = -1;
    QString out;
    QString err;
};

// tunebench-cli: the build tree's, or TB_CLI_PATH's (a relocated bundle on a GPU node).
inline QString cliPath()
{
    return tbtest::pathFromEnvironment("TB_CLI_PATH", TB_CLI_PATH);
}

// Runs tunebench-cli; `childSetup`, when given, runs in the child before exec (e.g. to drop
// privileges).
inline CliOutcome runCliWith(const QStringList &arguments, const std::function<void()> &childSetup,
                             int timeoutMs = 120000)
{
    QProcess process;
    if (childSetup)
        process.setChildProcessModifier(childSetup);
    process.start(cliPath(), arguments);
    CliOutcome outcome;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        outcome.err = QStringLiteral("timed out");
        return outcome;
    }
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    outcome.out = QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}

inline CliOutcome runCli(const QStringList &arguments, int timeoutMs = 120000)
{
    return runCliWith(arguments, {}, timeoutMs);
}

inline QString examplePath(const char *relative)
{
    return tbtest::sourceDir() + QLatin1Char('/') + QLatin1String(relative);
}
