#pragma once

// What the `slurm` tests need of the Slurm they run on: its environment (the repository's
// single-node config unless SLURM_CONF names another), whether it is up, a CPU spec slow enough
// to kill a worker mid-run, and the measuring worker's task and step.
#include "testpaths.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>

// 12 values of COPY (each divides both sizes) x 2 sizes.
inline constexpr int kConfigurations = 24;

inline QProcessEnvironment slurmEnvironment()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (environment.value("SLURM_CONF").isEmpty())
        environment.insert("SLURM_CONF", tbtest::sourceDir() + "/packaging/ci/slurm/slurm.conf");
    return environment;
}

inline QString runSlurmCommand(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.setProcessEnvironment(slurmEnvironment());
    process.start(program, arguments);
    if (!process.waitForFinished(20000))
        return {};
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

// Empty when a node is up; else what is wrong and how to start the CI's Slurm.
inline QString slurmProblem()
{
    const QString states = runSlurmCommand("sinfo", {"-h", "-o", "%T"});
    if (states.contains("idle") || states.contains("mixed") || states.contains("allocated"))
        return {};
    return "no Slurm node is up (sinfo says '" + states +
           "'): start the single-node one with `bash packaging/ci/start-slurm.sh`";
}

// The "slowable" CPU kernel (y = 2x) over 12 values of COPY and two sizes of a few MB,
// `samples` samples each (100: a few seconds of measuring, time enough to kill a worker
// mid-run), as slurm_scale.json in `folder` (made if missing). Early exit is off: it stopped
// most jobs after 3 samples, and a run then ended before a fault injected after its third
// result could land (CI saw a cut connection go unnoticed that way). With `hangWhile`, the
// COPY=4 job waits while that file exists (slowable.c's TB_INJECTED_HANG_WHILE).
inline QString writeSlowSpec(const QString &folder, int samples = 100,
                             const QString &hangWhile = {})
{
    QDir().mkpath(folder);
    const QString data = tbtest::sourceDir() + "/tests/app/data/";
    QFile source(data + "slowable.json");
    if (!source.open(QIODevice::ReadOnly))
        return {};
    QJsonObject spec = QJsonDocument::fromJson(source.readAll()).object();
    QJsonObject kernel = spec["kernel"].toObject();
    kernel["source"] = data + "slowable.c";
    if (!hangWhile.isEmpty())
        kernel["flags"] = QJsonArray{"-DTB_INJECTED_HANG_WHILE=\"" + hangWhile + "\""};
    spec["kernel"] = kernel;
    QJsonArray copies;
    for (int copy : {1, 2, 4, 5, 8, 10, 16, 20, 25, 40, 50, 80})
        copies.append(copy);
    spec["parameters"] = QJsonArray{QJsonObject{{"name", "COPY"}, {"values", copies}}};
    spec["problem_sizes"] = QJsonArray{QJsonObject{{"N", 1000000}}, QJsonObject{{"N", 2000000}}};
    QJsonObject measurement = spec["measurement"].toObject();
    measurement["min_samples"] = samples;
    measurement["max_samples"] = samples;
    measurement["max_seconds_per_config"] = 5;
    measurement["timeout_seconds"] = 60;
    measurement["early_exit_factor"] = 0;
    spec["measurement"] = measurement;
    const QString path = folder + "/slurm_scale.json";
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(spec).toJson());
    return path;
}

inline QByteArray procFile(const QString &pid, const char *name)
{
    QFile file("/proc/" + pid + "/" + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The measuring worker ("--role cpu", its build cache `cacheNeedle`) that slurmstepd started:
// the task itself, not the srun in front of it.
inline int measuringTaskPid(const QString &cacheNeedle)
{
    const auto entries = QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const auto &entry : entries) {
        const QByteArray cmdline = procFile(entry, "cmdline");
        if (!cmdline.contains(cacheNeedle.toUtf8()) ||
            !cmdline.contains(QByteArray("--role\0cpu\0", 11)) || cmdline.startsWith("srun"))
            continue;
        for (const auto &line : procFile(entry, "status").split('\n')) {
            if (!line.startsWith("PPid:"))
                continue;
            const QString parent = QString::fromLatin1(line.mid(5)).trimmed();
            if (procFile(parent, "comm").trimmed() == "slurmstepd")
                return entry.toInt();
        }
    }
    return -1;
}

// The newest step of the job named `jobName` that runs a worker: "12.3".
inline QString workerStep(const QString &jobName)
{
    const QString job = runSlurmCommand("squeue", {"-h", "-n", jobName, "-o", "%i"});
    if (job.isEmpty())
        return {};
    QString newest;
    int newestNumber = -1;
    // squeue refuses --jobs with --steps: every step, this job's picked here.
    const auto lines = runSlurmCommand("squeue", {"-h", "-s", "-o", "%i %j"});
    for (const auto &line : lines.split('\n')) {
        const auto words = line.split(' ', Qt::SkipEmptyParts);
        if (words.size() != 2 || words[1] != "tunebench-worker" || !words[0].startsWith(job + "."))
            continue;
        const int number = words[0].section('.', 1).toInt();
        if (number > newestNumber) {
            newestNumber = number;
            newest = words[0];
        }
    }
    return newest;
}

// The pid in the newest hello of a worker at `location` ("srun task 1"): a launched worker's
// hello names its own pid, the task's, not srun's.
inline int newestTaskPid(const QString &output, const QString &location)
{
    const QRegularExpression hello("worker \\d+ on " + QRegularExpression::escape(location) +
                                   ": tunebench-worker \\S+ on \\S+ \\(pid (\\d+)\\)");
    int pid = -1;
    for (auto match = hello.globalMatch(output); match.hasNext();)
        pid = match.next().captured(1).toInt();
    return pid;
}
