#pragma once

// Shared by the cluster tests (tst_slurmtuning, tst_sshtuning, tst_sallocrun): a started
// tunebench-cli (or salloc around it) read until it ends, with a fault injected once its output
// says the run is under way.
#include "clirunner.h"

#include <QDeadlineTimer>
#include <QProcess>

#include <functional>

// What a fault sees of the run: its output so far, after waiting up to 100 ms for more.
using ReadMore = std::function<QString()>;

struct InjectedFault
{
    std::function<bool(const QString &output)> ready; // when to inject it
    std::function<QString(const ReadMore &)> inject;  // what went wrong ("" when it did its part)
};

// Three results printed: the run is under way.
inline bool threeResultsOut(const QString &output)
{
    return output.count("  ok  ") >= 3;
}

// Reads `process` (started) to its end. With a fault: once fault.ready(output) holds while the
// process runs, fault.inject()'s answer goes to `note` ("the run ended first" when it ended
// before; the ready wait gives up after readyMs). The end is waited for finishMs.
inline CliOutcome readToEnd(QProcess &process, const InjectedFault &fault, QString &note,
                            int readyMs = 60000, int finishMs = 120000)
{
    CliOutcome outcome;
    if (!process.waitForStarted()) {
        outcome.err = process.program() + " did not start";
        return outcome;
    }
    const ReadMore readMore = [&] {
        process.waitForReadyRead(100);
        outcome.out += QString::fromUtf8(process.readAllStandardOutput());
        return outcome.out;
    };
    if (fault.inject) {
        QDeadlineTimer giveUp(readyMs);
        while (!fault.ready(outcome.out) && process.state() == QProcess::Running &&
               !giveUp.hasExpired())
            readMore();
        note = process.state() == QProcess::Running ? fault.inject(readMore)
                                                    : QString("the run ended first");
    }
    if (!process.waitForFinished(finishMs)) {
        process.kill();
        process.waitForFinished();
        outcome.err = "timed out";
        return outcome;
    }
    outcome.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    outcome.out += QString::fromUtf8(process.readAllStandardOutput());
    outcome.err = QString::fromUtf8(process.readAllStandardError());
    return outcome;
}
