#pragma once

#include "loadedrun.h"
#include "tasks/runrecords.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <functional>

namespace tb {

// The workspace file the workbench has open and its runs. Every file operation (create, open,
// read a run, save a copy) runs on a pool thread and reports back with a signal on the
// controller's thread; the GUI never waits on SQLite. Opening reads, it never runs anything.
// A failed operation changes nothing: the open workspace, its runs and the files stay as they
// were.
class WorkspaceController : public QObject
{
    Q_OBJECT
public:
    explicit WorkspaceController(QObject *parent = nullptr);
    ~WorkspaceController() override;

    QString path() const { return m_path; }
    bool isOpen() const { return !m_path.isEmpty(); }
    // Newest first, as the store lists them.
    const QVector<RunRecord> &runs() const { return m_runs; }
    // Operations started and not yet reported.
    int pendingOperations() const { return m_pending; }

    // Creates an empty workspace at path and makes it the open one (opened()).
    void create(const QString &path);
    // Reads path's runs and makes it the open one (opened()).
    void open(const QString &path);
    // Reads the open workspace's runs again (runsChanged()), e.g. after a run ended.
    void refreshRuns();
    // Reads one run of the open workspace with every sample, and finds the file of the spec it
    // ran (findSpecFile()), then runLoaded(). A newer request supersedes an older one still
    // going: only the latest is reported.
    void loadRun(qint64 runId);
    // Stops reporting a loadRun() still going (a live run is about to fill the views).
    void cancelLoad();
    // Copies the open workspace to target and makes the copy the open one (saved(); its runs
    // are those already listed).
    void saveAs(const QString &target);

signals:
    void opened(const QString &path);
    void runsChanged();
    void runLoaded(const tb::LoadedRun &run);
    void runLoadFailed(qint64 runId, const QString &message);
    void saved(const QString &path);
    // What failed ("Open workspace") and why, naming the file.
    void failed(const QString &operation, const QString &message);
    void busyChanged(bool busy);

private:
    template <typename T>
    void runTracked(std::function<T()> work, std::function<void(const T &)> done);
    void setOpened(const QString &path, const std::vector<RunRecord> &runs);

    QString m_path;
    QVector<RunRecord> m_runs;
    int m_pending = 0;
    quint64 m_openSerial = 0;
    quint64 m_loadSerial = 0;
};

} // namespace tb
