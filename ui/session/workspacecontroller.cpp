#include "workspacecontroller.h"

#include "asynccall.h"
#include "tasks/storedrun.h"
#include "tasks/workspacefiles.h"

#include <QFileInfo>

namespace tb {

namespace {

QString describe(const EngineError &error)
{
    QString text = QString::fromStdString(error.message);
    if (!error.detail.empty())
        text += QStringLiteral("\n") + QString::fromStdString(error.detail);
    return text;
}

QString absolute(const QString &path)
{
    return QFileInfo(path).absoluteFilePath();
}

} // namespace

WorkspaceController::WorkspaceController(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<tb::LoadedRun>();
}

// Work still going on a pool thread finishes there; its watcher (our child) is gone, so
// nothing is reported to a controller that no longer exists.
WorkspaceController::~WorkspaceController() = default;

template <typename T>
void WorkspaceController::runTracked(std::function<T()> work, std::function<void(const T &)> done)
{
    if (m_pending++ == 0)
        emit busyChanged(true);
    tb::runAsync<T>(this, std::move(work), [this, done](const T &result) {
        if (--m_pending == 0)
            emit busyChanged(false);
        done(result);
    });
}

void WorkspaceController::setOpened(const QString &path, const std::vector<RunRecord> &runs)
{
    m_path = path;
    m_runs = QVector<RunRecord>(runs.begin(), runs.end());
    ++m_loadSerial; // a run of the previous workspace is no longer wanted
    emit opened(path);
}

void WorkspaceController::create(const QString &path)
{
    const QString file = absolute(path);
    const quint64 serial = ++m_openSerial;
    runTracked<Status>([file] { return createEmptyWorkspace(file.toStdString()); },
                       [this, file, serial](const Status &status) {
                           if (!status) {
                               emit failed(tr("New workspace"), describe(status.error()));
                               return;
                           }
                           if (serial == m_openSerial)
                               setOpened(file, {});
                       });
}

void WorkspaceController::open(const QString &path)
{
    const QString file = absolute(path);
    const quint64 serial = ++m_openSerial;
    using Runs = Expected<std::vector<RunRecord>>;
    runTracked<Runs>([file] { return readWorkspaceRuns(file.toStdString()); },
                     [this, file, serial](const Runs &runs) {
                         if (serial != m_openSerial)
                             return; // another workspace was asked for meanwhile
                         if (!runs) {
                             emit failed(tr("Open workspace"), describe(runs.error()));
                             return;
                         }
                         setOpened(file, *runs);
                     });
}

void WorkspaceController::refreshRuns()
{
    if (!isOpen())
        return;
    const QString file = m_path;
    const quint64 serial = m_openSerial;
    using Runs = Expected<std::vector<RunRecord>>;
    runTracked<Runs>([file] { return readWorkspaceRuns(file.toStdString()); },
                     [this, serial](const Runs &runs) {
                         if (serial != m_openSerial || !runs)
                             return; // the open workspace changed, or it is unreadable: keep
                         m_runs = QVector<RunRecord>(runs->begin(), runs->end());
                         emit runsChanged();
                     });
}

void WorkspaceController::loadRun(qint64 runId)
{
    if (!isOpen())
        return;
    const QString file = m_path;
    const quint64 serial = ++m_loadSerial;
    using Loaded = Expected<LoadedRun>;
    runTracked<Loaded>(
        [file, runId]() -> Loaded {
            auto stored = readStoredRun(file.toStdString(), runId, true);
            if (!stored)
                return stored.error();
            SpecFileMatch specFile = findSpecFile(stored->spec);
            LoadedRun loaded = toLoadedRun(std::move(stored.value()));
            loaded.specFile = std::move(specFile);
            return loaded;
        },
        [this, serial, runId](const Loaded &loaded) {
            if (serial != m_loadSerial)
                return;
            if (!loaded) {
                emit runLoadFailed(runId, describe(loaded.error()));
                return;
            }
            emit runLoaded(*loaded);
        });
}

void WorkspaceController::cancelLoad()
{
    ++m_loadSerial;
}

void WorkspaceController::saveAs(const QString &target)
{
    if (!isOpen()) {
        emit failed(tr("Save workspace as"), tr("No workspace is open."));
        return;
    }
    ++m_openSerial; // the copy becomes the open workspace; an older open() is moot
    const QString source = m_path;
    const QString file = absolute(target);
    runTracked<Status>(
        [source, file] { return copyWorkspace(source.toStdString(), file.toStdString()); },
        [this, file](const Status &status) {
            if (!status) {
                emit failed(tr("Save workspace as"), describe(status.error()));
                return;
            }
            // Work goes on in the copy, as after any "Save as". It is a snapshot of what is
            // open, so the runs and the run shown stay as they are.
            m_path = file;
            emit saved(file);
        });
}

} // namespace tb
