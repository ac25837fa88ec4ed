#pragma once

// What the File-menu workspace suites share: a workspace of two real runs, and the ways they
// open it and compare its files.
#include "exampleworkspace.h"
#include "mainwindow.h"
#include "pages/workspaceactions.h"
#include "session/workspacecontroller.h"

#include <QCryptographicHash>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tbtest {

// Two runs of the CPU matmul example (real workers) in one workspace of a temporary folder:
// the older with 4 results, the newer with 6. Once made, every worker that starts leaves a
// mark (workerStarted()), so a test can show that opening a workspace runs nothing.
class TwoRunWorkspace
{
public:
    // Clears the test-mode settings and makes the runs: "" on success, otherwise what failed.
    QString create()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder");
        m_path = m_dir.filePath(QStringLiteral("matmul.tbw"));
        auto older = runMatmulInto(m_path, 2); // 4 results
        if (!older)
            return QString::fromStdString(older.error().toString());
        auto newer = runMatmulInto(m_path, 3); // 6 results
        if (!newer)
            return QString::fromStdString(newer.error().toString());
        m_olderRun = older->runId;
        m_newerRun = newer->runId;
        if (m_newerRun <= m_olderRun)
            return QStringLiteral("the newer run's id is not the larger");
        return installSpyWorker();
    }

    // The workspace file.
    const QString &path() const { return m_path; }
    // `name` in the temporary folder, next to the workspace.
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    std::int64_t olderRun() const { return m_olderRun; }
    std::int64_t newerRun() const { return m_newerRun; }
    bool workerStarted() const { return QFile::exists(m_workerMarker); }

private:
    // Points TUNEBENCH_WORKER at a script that leaves the mark, then starts the real worker.
    QString installSpyWorker()
    {
        m_workerMarker = m_dir.filePath(QStringLiteral("worker-started"));
        const QString spy = m_dir.filePath(QStringLiteral("spy-worker.sh"));
        QFile script(spy);
        if (!script.open(QIODevice::WriteOnly))
            return QStringLiteral("cannot write ") + spy;
        script.write(QStringLiteral("#!/bin/sh\ntouch '%1'\nexec '%2' \"$@\"\n")
                         .arg(m_workerMarker, workerPath())
                         .toUtf8());
        script.close();
        if (!script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner))
            return QStringLiteral("cannot make ") + spy + QStringLiteral(" executable");
        qputenv("TUNEBENCH_WORKER", spy.toLocal8Bit());
        return {};
    }

    QTemporaryDir m_dir;
    QString m_path;
    std::int64_t m_olderRun = 0;
    std::int64_t m_newerRun = 0;
    QString m_workerMarker;
};

// The base of the suites that work on a TwoRunWorkspace: made once, before their first test.
class TwoRunWorkspaceSuite : public QObject
{
    Q_OBJECT
protected:
    TwoRunWorkspace m_workspace;

private slots:
    void initTestCase()
    {
        const QString problem = m_workspace.create();
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
    }
};

// Opens path in the window and waits until the newest run is shown.
inline bool openAndShow(tb::MainWindow &window, const QString &path)
{
    QSignalSpy loaded(window.workspace(), &tb::WorkspaceController::runLoaded);
    if (!window.workspaceActions()->openWorkspaceFile(path))
        return false;
    return loaded.wait(20000);
}

inline QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256);
}

// The results' (configuration, size) keys: what two listings of a run compare by.
using ResultKeys = std::set<std::pair<std::string, std::size_t>>;

inline ResultKeys keysOf(const std::vector<tb::StoredResult> &results)
{
    ResultKeys keys;
    for (const auto &result : results)
        keys.insert({result.configKey, result.sizeIndex});
    return keys;
}

} // namespace tbtest
