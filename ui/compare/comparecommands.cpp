#include "comparecommands.h"

#include "compare/compareentry.h"
#include "compare/compareview.h"
#include "dialogs/comparerunsdialog.h"
#include "dialogs/runcomparison.h"
#include "models/resultsmodel.h"
#include "pages/runpage.h"
#include "results/resultspage.h"
#include "session/runcaption.h"
#include "session/workspacecontroller.h"

#include <QTabWidget>

#include <algorithm>

namespace tb {

namespace {

QString compareRunsStatus(const LoadedRuns &loaded, bool specsDiffer)
{
    const qsizetype runs = loaded.runs.size();
    if (loaded.acrossDevices)
        return CompareCommands::tr("Comparing the best configurations of 2 runs on %1 and %2")
            .arg(runDeviceText(loaded.acrossDevices->a), runDeviceText(loaded.acrossDevices->b));
    return specsDiffer
               ? CompareCommands::tr(
                     "Comparing the best configurations of %1 runs of different specs")
                     .arg(runs)
               : CompareCommands::tr("Comparing the best configurations of %1 runs").arg(runs);
}

} // namespace

CompareCommands::CompareCommands(const Pages &pages, WorkspaceController *workspace,
                                 QWidget *window)
    : QObject(window), m_pages(pages), m_workspace(workspace), m_window(window)
{}

void CompareCommands::compareSelected()
{
    QVector<CompareEntry> entries;
    for (const ResultEvent &event : m_pages.resultsPage->selectedResults())
        entries.append(entryOf(event));
    if (entries.size() < 2) {
        emit statusMessage(tr("Select two or more results in the Results page to compare them"));
        return;
    }
    m_pages.compare->setResults(entries);
    showComparePage();
}

CompareEntry CompareCommands::entryOf(const ResultEvent &event) const
{
    return {QString::fromStdString(event.configKey), event,
            m_pages.runPage->resultsModel()->sizeLabel(event.sizeIndex)};
}

void CompareCommands::showComparePage()
{
    m_pages.tabs->setCurrentWidget(m_pages.compare);
}

void CompareCommands::compareRuns()
{
    if (!m_workspace->isOpen() || m_workspace->runs().size() < 2) {
        emit statusMessage(tr("Compare Runs needs an open workspace with two or more runs"));
        return;
    }
    auto *dialog = new CompareRunsDialog(m_workspace->runs(), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { compareRunIds(dialog->checkedRunIds()); });
    dialog->open(); // never exec(): the GUI thread keeps running
}

void CompareCommands::compareRunIds(const QVector<qint64> &runIds)
{
    emit statusMessage(tr("Loading %1 runs to compare...").arg(runIds.size()));
    loadRuns(this, m_workspace->path(), runIds, [this](const LoadedRuns &loaded) {
        if (!loaded.error.isEmpty()) {
            emit message(tr("Cannot compare the runs"), loaded.error);
            return;
        }
        const QVector<CompareEntry> entries = bestEntries(loaded.runs);
        if (entries.size() < 2) {
            emit statusMessage(tr("The checked runs have fewer than two ok results"));
            return;
        }
        const QString note = specDifferenceNote(loaded.runs);
        m_pages.compare->setResults(entries, note);
        if (loaded.acrossDevices)
            m_pages.compare->setAcrossDevices(*loaded.acrossDevices);
        showComparePage();
        emit statusMessage(compareRunsStatus(loaded, !note.isEmpty()));
    });
}

void CompareCommands::setBaseline(const ResultEvent &event)
{
    const QVector<ResultEvent> selected = m_pages.resultsPage->selectedResults();
    const bool inSelection =
        std::any_of(selected.cbegin(), selected.cend(), [&event](const ResultEvent &other) {
            return other.configKey == event.configKey && other.sizeIndex == event.sizeIndex;
        });
    if (selected.size() >= 2 && inSelection)
        compareSelected();
    m_pages.compare->setBaselineEntry(entryOf(event));
    showComparePage();
    emit statusMessage(tr("Baseline: %1 at %2")
                           .arg(QString::fromStdString(event.configKey),
                                m_pages.runPage->resultsModel()->sizeLabel(event.sizeIndex)));
}

} // namespace tb
