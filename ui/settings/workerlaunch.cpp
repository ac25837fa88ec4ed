#include "workerlaunch.h"

#include "session/launcherchoice.h"

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
    }
    if (launch.kind == LauncherKind::Ssh)
        request.sshHosts = toStd(launch.sshHosts);
    request.srunProgram = launcherProgram(LauncherKind::Srun);
    request.sshProgram = launcherProgram(LauncherKind::Ssh);
    request.wording.choice = "Preferences > Workers:";
    request.wording.useLocal = "the Local launcher (Preferences > Workers)";
    request.wording.sshHostsNeeded = "Preferences > Workers: ssh needs at least one host";
    request.wording.runInAllocation = "tunebench";
    request.wording.runOnGpuNode = "the workbench on the GPU node itself, e.g. `srun --gpus=1 "
                                   "--pty tunebench`, with the Local launcher";
    return request;
}

} // namespace tb
