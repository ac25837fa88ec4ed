#include "runcomparison.h"

#include "session/asynccall.h"
#include "session/runcaption.h"
#include "tasks/storedrun.h"
#include "tasks/workspacefiles.h"

#include <QStringList>

#include <map>

namespace tb {

namespace {

// Whether the runs name more than one device: captions then say which run ran where.
bool severalDevices(const QVector<LoadedRun> &runs)
{
    for (const LoadedRun &run : runs)
        if (differentDevices(run.record, runs.front().record))
            return true;
    return false;
}

// Reads the runs in order; the pair of two runs on different devices is compared before
// toLoadedRun() drops their specs and results.
LoadedRuns readRuns(const std::string &file, const QVector<qint64> &runIds)
{
    LoadedRuns loaded;
    std::vector<StoredRun> stored;
    for (const qint64 id : runIds) {
        auto run = readStoredRun(file, id, true);
        if (!run) {
            loaded.error = QStringLiteral("run %1: %2")
                               .arg(id)
                               .arg(QString::fromStdString(run.error().message));
            return loaded;
        }
        stored.push_back(std::move(run.value()));
    }
    if (stored.size() == 2)
        loaded.acrossDevices = crossDevicePair(stored[0], stored[1]);
    for (StoredRun &run : stored)
        loaded.runs.append(toLoadedRun(std::move(run)));
    return loaded;
}

} // namespace

QVector<CompareEntry> bestEntries(const QVector<LoadedRun> &runs)
{
    // A stored run's events carry newBest in evaluation order: the last one of a size is its
    // best under the spec's objective.
    std::map<std::pair<std::size_t, int>, const ResultEvent *> best; // (size, run) -> event
    for (int run = 0; run < runs.size(); ++run)
        for (const ResultEvent &event : runs.at(run).events)
            if (event.newBest)
                best[{event.sizeIndex, run}] = &event;
    const bool devicesDiffer = severalDevices(runs);
    QVector<CompareEntry> entries;
    for (const auto &[where, event] : best) {
        const LoadedRun &run = runs.at(where.second);
        CompareEntry entry;
        entry.caption = QStringLiteral("%1: %2").arg(
            devicesDiffer
                ? QStringLiteral("run %1 on %2").arg(run.record.id).arg(runDeviceText(run.record))
                : QStringLiteral("run %1").arg(run.record.id),
            QString::fromStdString(event->configKey));
        entry.event = *event;
        entry.sizeLabel = run.sizeLabels.value(qsizetype(event->sizeIndex));
        entries.append(entry);
    }
    return entries;
}

QString specDifferenceNote(const QVector<LoadedRun> &runs)
{
    bool differ = false;
    for (const LoadedRun &run : runs)
        differ = differ || run.record.specId != runs.front().record.specId;
    if (!differ)
        return {};
    QStringList named;
    for (const LoadedRun &run : runs)
        named << QObject::tr("run %1 '%2' (spec %3)")
                     .arg(run.record.id)
                     .arg(run.outline.name)
                     .arg(run.record.specId);
    return QObject::tr("These runs tuned different specs: %1. Their best configurations are "
                       "matched by problem-size values only; the kernels, parameters or "
                       "settings may differ.")
        .arg(named.join(QStringLiteral(", ")));
}

void loadRuns(QObject *context, const QString &workspacePath, const QVector<qint64> &runIds,
              std::function<void(const LoadedRuns &)> done)
{
    const std::string file = workspacePath.toStdString();
    runAsync<LoadedRuns>(
        context, [file, runIds] { return readRuns(file, runIds); }, std::move(done));
}

} // namespace tb
