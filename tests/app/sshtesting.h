#pragma once

// What the `ssh` tests need of the sshd they run against (packaging/ci/start-sshd.sh's, on
// loopback): its client config, whether it lets us in, a second sshd of the same settings on
// another port, the remote worker and the sshd serving its connection, and a port where
// nothing listens.
#include "slurmtesting.h" // procFile(), newestTaskPid(), writeSlowSpec()

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QThread>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

// The client config start-sshd.sh writes (hosts tb-ssh-a, tb-ssh-b); TB_SSH_CONFIG names
// another.
inline QString sshConfigPath()
{
    const QString path = qEnvironmentVariable("TB_SSH_CONFIG");
    return path.isEmpty() ? QStringLiteral("/tmp/tunebench-sshd/ssh_config") : path;
}

// Empty when `ssh -F CONFIG HOST true` logs in; else what is wrong and how to start the CI's
// sshd.
inline QString sshProblem(const QString &host, const QString &config = sshConfigPath())
{
    QProcess ssh;
    ssh.start("ssh", {"-F", config, "-o", "BatchMode=yes", host, "true"});
    if (!ssh.waitForStarted())
        return "ssh is not installed: start the test sshd with `bash "
               "packaging/ci/start-sshd.sh` (as root; it installs openssh-client too)";
    if (ssh.waitForFinished(20000) && ssh.exitStatus() == QProcess::NormalExit &&
        ssh.exitCode() == 0)
        return {};
    ssh.kill();
    ssh.waitForFinished();
    return "no test sshd lets us in as " + host + " (ssh -F " + config + " " + host +
           " true says '" + QString::fromUtf8(ssh.readAllStandardError()).trimmed() +
           "'): start it with `bash packaging/ci/start-sshd.sh` (as root)";
}

inline int parentPid(int pid)
{
    for (const auto &line : procFile(QString::number(pid), "status").split('\n'))
        if (line.startsWith("PPid:"))
            return QString::fromLatin1(line.mid(5)).trimmed().toInt();
    return -1;
}

// The nearest sshd above `pid`: the one serving the connection the process came through
// (-1 when none, i.e. the process did not come through sshd).
inline int servingSshd(int pid)
{
    for (int ancestor = parentPid(pid); ancestor > 1; ancestor = parentPid(ancestor))
        if (procFile(QString::number(ancestor), "comm").trimmed() == "sshd")
            return ancestor;
    return -1;
}

// Whether the worker `pid` is blocked in read(0, ...): between jobs, waiting for the next.
inline bool waitsForInput(int pid)
{
    return procFile(QString::number(pid), "syscall").startsWith("0 0x0 ");
}

// Waits until the worker `pid` waits for input and then wakes: its next job came, the only
// thing it reads once set up, so that a fault injected now lands during that job. (A worker
// seen runnable may be one that has just sent its result: on a loaded machine it can wait
// runnable for the CPU a long while before it reads again.) False when that does not happen
// within `ms`.
inline bool caughtStartingAJob(int pid, int ms)
{
    QDeadlineTimer giveUp(ms);
    // Polled each millisecond: a job takes tens of them.
    while (!waitsForInput(pid)) {
        if (giveUp.hasExpired() || !QFile::exists("/proc/" + QString::number(pid)))
            return false;
        QThread::msleep(1);
    }
    while (waitsForInput(pid)) {
        if (giveUp.hasExpired())
            return false;
        QThread::msleep(1);
    }
    return true;
}

// Starts, as `sshd`, a second daemon of start-sshd.sh's config on `port` and waits until
// `config`'s `host` logs in through it. Empty when it does; else what went wrong.
inline QString startSecondSshd(QProcess &sshd, int port, const QString &config, const QString &host)
{
    const QString daemonConfig = QFileInfo(sshConfigPath()).absolutePath() + "/sshd_config";
    sshd.setProcessChannelMode(QProcess::MergedChannels);
    sshd.start("/usr/sbin/sshd", {"-D", "-e", "-f", daemonConfig, "-o",
                                  "Port=" + QString::number(port), "-o", "PidFile=none"});
    if (!sshd.waitForStarted())
        return "/usr/sbin/sshd did not start";
    QString problem;
    for (QDeadlineTimer giveUp(15000); !giveUp.hasExpired(); QThread::msleep(100)) {
        problem = sshProblem(host, config);
        if (problem.isEmpty() || sshd.state() != QProcess::Running)
            break;
    }
    return problem.isEmpty() ? problem
                             : problem + "; sshd said: " + QString::fromUtf8(sshd.readAll());
}

// A loopback port nobody listens on: one the kernel just gave out, and closed again.
inline int closedPort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}
