#include "toolrunner.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>

namespace tb {

namespace {

QStringList pathDirectories()
{
    return QProcessEnvironment::systemEnvironment()
        .value(QStringLiteral("PATH"))
        .split(QLatin1Char(':'), Qt::SkipEmptyParts);
}

} // namespace

ToolSearch ToolSearch::cudaTools()
{
    ToolSearch search{pathDirectories(), QStringLiteral("PATH")};
    const auto environment = QProcessEnvironment::systemEnvironment();
    QStringList places{QStringLiteral("PATH")};
    for (const char *variable : {"CUDA_HOME", "CUDA_PATH"}) {
        const QString root = environment.value(QLatin1String(variable));
        if (root.isEmpty())
            continue;
        search.directories << QDir(root).filePath(QStringLiteral("bin"));
        places << QStringLiteral("$%1/bin").arg(QLatin1String(variable));
    }
    search.directories << QStringLiteral("/usr/local/cuda/bin");
    search.where = places.join(QStringLiteral(", ")) + QStringLiteral(" or /usr/local/cuda/bin");
    return search;
}

ToolSearch ToolSearch::hostTools()
{
    return {pathDirectories(), QStringLiteral("PATH")};
}

ToolSearch ToolSearch::in(const std::vector<std::string> &directories)
{
    ToolSearch search;
    for (const auto &directory : directories)
        search.directories << QString::fromStdString(directory);
    search.where = search.directories.isEmpty() ? QStringLiteral("no directory")
                                                : search.directories.join(QStringLiteral(", "));
    return search;
}

QString findTool(const QString &name, const ToolSearch &search)
{
    for (const QString &directory : search.directories) {
        const QFileInfo candidate(QDir(directory).filePath(name));
        if (candidate.isFile() && candidate.isExecutable())
            return candidate.absoluteFilePath();
    }
    return {};
}

ToolRun runTool(const QString &program, const QStringList &arguments, int timeoutMs,
                const std::atomic<bool> &cancelled)
{
    ToolRun run;
    const QString name = QFileInfo(program).fileName();
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForStarted(10000)) {
        run.problem = QStringLiteral("cannot start %1: %2").arg(program, process.errorString());
        return run;
    }
    QElapsedTimer clock;
    clock.start();
    QByteArray output;
    QByteArray errors;
    while (process.state() != QProcess::NotRunning && !process.waitForFinished(50)) {
        // Read as it comes: a listing larger than the pipe's buffer would stall the tool.
        output += process.readAllStandardOutput();
        errors += process.readAllStandardError();
        if (cancelled.load() || clock.elapsed() > timeoutMs) {
            process.kill();
            process.waitForFinished(5000);
            run.problem = cancelled.load()
                              ? QStringLiteral("%1 was cancelled").arg(name)
                              : QStringLiteral("%1 ran longer than %2 s and was killed")
                                    .arg(name)
                                    .arg(timeoutMs / 1000.0);
            return run;
        }
    }
    run.output = QString::fromUtf8(output + process.readAllStandardOutput());
    run.errors = QString::fromUtf8(errors + process.readAllStandardError()).trimmed();
    if (process.exitStatus() == QProcess::CrashExit)
        run.problem = QStringLiteral("%1 crashed").arg(name);
    else if (process.exitCode() != 0)
        run.problem =
            QStringLiteral("%1 failed (exit code %2)%3")
                .arg(name)
                .arg(process.exitCode())
                .arg(run.errors.isEmpty() ? QString() : QStringLiteral(": ") + run.errors);
    return run;
}

} // namespace tb
