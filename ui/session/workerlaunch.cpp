#include "workerlaunch.h"

#include "cluster/launcherchoice.h"

#include <QObject>
#include <QProcess>
#include <QRegularExpression>

namespace tb {

namespace {

std::vector<std::string> toStd(const QStringList &words)
{
    std::vector<std::string> result;
    for (const QString &word : words)
        result.push_back(word.toStdString());
    return result;
}

bool quotesBalanced(const QString &typed)
{
    return typed.count(QLatin1Char('"')) % 2 == 0;
}

// The allocation's settings named as the Workers page names them, for the engine's messages.
SallocWording sallocWording()
{
    SallocWording wording;
    wording.asked = "\"Ask Slurm for an allocation\" (Preferences > Workers)";
    wording.partition = "the Slurm partition (Preferences > Workers)";
    wording.account = "the Slurm account (Preferences > Workers)";
    wording.timeLimit = "the Slurm time limit (Preferences > Workers)";
    wording.arguments = "the extra salloc arguments";
    return wording;
}

SallocRequest allocationSettings(const LauncherPreference &launch)
{
    SallocRequest allocation;
    allocation.partition = launch.slurmPartition.toStdString();
    allocation.account = launch.slurmAccount.toStdString();
    allocation.timeLimit = launch.slurmTimeLimit.toStdString();
    allocation.sallocProgram = sallocProgram();
    allocation.scancelProgram = scancelProgram();
    allocation.wording = sallocWording();
    return allocation;
}

} // namespace

QStringList srunArgumentWords(const QString &typed)
{
    return QProcess::splitCommand(typed);
}

QStringList hostsFromText(const QString &typed)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    return typed.split(separators, Qt::SkipEmptyParts);
}

QString launcherPreferenceProblem(const LauncherPreference &launch)
{
    switch (launch.kind) {
    case LauncherKind::Local:
        return QString();
    case LauncherKind::Srun:
        if (launch.srunTasks < 1 || launch.srunTasks > LauncherPreference::kMaxSrunTasks)
            return QObject::tr("Workers: srun tasks must be from 1 to %1.")
                .arg(LauncherPreference::kMaxSrunTasks);
        if (!quotesBalanced(launch.srunArguments))
            return QObject::tr("Workers: the extra srun arguments have an unclosed quote (\").");
        if (launch.askForAllocation) { // the engine's rules, as the CLI's options meet them
            const std::string problem = sallocRequestProblem(allocationSettings(launch));
            if (!problem.empty())
                return QObject::tr("Workers: %1.").arg(QString::fromStdString(problem));
        }
        return QString();
    case LauncherKind::Ssh:
        if (launch.sshHosts.isEmpty())
            return QObject::tr("Workers: ssh needs at least one host (e.g. node1, node2).");
        return QString();
    }
    return QString();
}

LauncherRequest launcherRequest(const LauncherPreference &launch)
{
    LauncherRequest request;
    request.kind = launch.kind;
    if (launch.kind == LauncherKind::Srun) {
        request.srunTasks = launch.srunTasks;
        request.srunArguments = toStd(srunArgumentWords(launch.srunArguments));
        request.askForAllocation = launch.askForAllocation;
        if (launch.askForAllocation)
            request.allocation = allocationSettings(launch);
    }
    if (launch.kind == LauncherKind::Ssh)
        request.sshHosts = toStd(launch.sshHosts);
    request.compileWhereMeasured = launch.kind != LauncherKind::Local && launch.buildWhereMeasured;
    request.srunProgram = launcherProgram(LauncherKind::Srun);
    request.sshProgram = launcherProgram(LauncherKind::Ssh);
    request.wording.choice = "Preferences > Workers:";
    request.wording.useLocal = "the Local launcher (Preferences > Workers)";
    request.wording.sshHostsNeeded = "Preferences > Workers: ssh needs at least one host";
    request.wording.runInAllocation = "tunebench";
    request.wording.askForAllocation =
        "turn on \"Ask Slurm for an allocation (salloc)\" in Preferences > Workers";
    request.allocation.wording = sallocWording();
    return request;
}

} // namespace tb
