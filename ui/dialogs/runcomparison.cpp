#include "runcomparison.h"

#include "session/asynccall.h"
#include "session/workspacefiles.h"

#include <QStringList>

#include <map>

namespace tb {

QVector<CompareEntry> bestEntries(const QVector<LoadedRun> &runs)
{
    // A stored run's events carry newBest in evaluation order: the last one of a size is its
    // best under the spec's objective.
    std::map<std::pair<std::size_t, int>, const ResultEvent *> best; // (size, run) -> event
    for (int run = 0; run < runs.size(); ++run)
        for (const ResultEvent &event : runs.at(run).events)
            if (event.newBest)
                best[{event.sizeIndex, run}] = &event;
    QVector<CompareEntry> entries;
    for (const auto &[where, event] : best) {
        const LoadedRun &run = runs.at(where.second);
        CompareEntry entry;
        entry.caption = QStringLiteral("run %1: %2")
                            .arg(run.record.id)
                            .arg(QString::fromStdString(event->configKey));
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
        context,
        [file, runIds] {
            LoadedRuns loaded;
            for (const qint64 id : runIds) {
                auto stored = readStoredRun(file, id, true);
                if (!stored) {
                    loaded.error = QStringLiteral("run %1: %2")
                                       .arg(id)
                                       .arg(QString::fromStdString(stored.error().message));
                    return loaded;
                }
                loaded.runs.append(toLoadedRun(std::move(stored.value())));
            }
            return loaded;
        },
        std::move(done));
}

} // namespace tb
