// MainWindow: the Compare page's two ways in, selected results and whole runs (with what each
// winner costs on the other device, for two runs on different devices).
#include "mainwindow.h"

#include "compare/compareentry.h"
#include "compare/compareview.h"
#include "dialogs/comparerunsdialog.h"
#include "dialogs/runcomparison.h"
#include "models/resultsmodel.h"
#include "pages/runpage.h"
#include "results/resultspage.h"
#include "session/runcaption.h"
#include "session/workspacecontroller.h"

#include <QStatusBar>
#include <QTabWidget>

namespace tb {

namespace {

QString compareRunsStatus(const LoadedRuns &loaded, bool specsDiffer)
{
    const qsizetype runs = loaded.runs.size();
    if (loaded.acrossDevices)
        return MainWindow::tr("Comparing the best configurations of 2 runs on %1 and %2")
            .arg(runDeviceText(loaded.acrossDevices->a), runDeviceText(loaded.acrossDevices->b));
    return specsDiffer
               ? MainWindow::tr("Comparing the best configurations of %1 runs of different specs")
                     .arg(runs)
               : MainWindow::tr("Comparing the best configurations of %1 runs").arg(runs);
}

} // namespace

void MainWindow::compareSelected()
{
    QVector<CompareEntry> entries;
    for (const ResultEvent &event : m_resultsPage->selectedResults())
        entries.append(compareEntry(event));
    if (entries.size() < 2) {
        statusBar()->showMessage(
            tr("Select two or more results in the Results page to compare them"));
        return;
    }
    m_compare->setResults(entries);
    m_pages->setCurrentWidget(m_compare);
}

// A result of the run on show, as Compare captions it: its configuration.
CompareEntry MainWindow::compareEntry(const ResultEvent &event) const
{
    return {QString::fromStdString(event.configKey), event,
            m_runPage->resultsModel()->sizeLabel(event.sizeIndex)};
}

void MainWindow::compareRuns()
{
    const WorkspaceController *open = workspace();
    if (!open->isOpen() || open->runs().size() < 2) {
        statusBar()->showMessage(tr("Compare Runs needs an open workspace with two or more runs"));
        return;
    }
    auto *dialog = new CompareRunsDialog(open->runs(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { compareRunIds(dialog->checkedRunIds()); });
    dialog->open(); // never exec(): the GUI thread keeps running
}

void MainWindow::compareRunIds(const QVector<qint64> &runIds)
{
    statusBar()->showMessage(tr("Loading %1 runs to compare...").arg(runIds.size()));
    loadRuns(this, workspace()->path(), runIds, [this](const LoadedRuns &loaded) {
        if (!loaded.error.isEmpty()) {
            showMessage(tr("Cannot compare the runs"), loaded.error);
            return;
        }
        const QVector<CompareEntry> entries = bestEntries(loaded.runs);
        if (entries.size() < 2) {
            statusBar()->showMessage(tr("The checked runs have fewer than two ok results"));
            return;
        }
        const QString note = specDifferenceNote(loaded.runs);
        m_compare->setResults(entries, note);
        if (loaded.acrossDevices)
            m_compare->setAcrossDevices(*loaded.acrossDevices);
        m_pages->setCurrentWidget(m_compare);
        statusBar()->showMessage(compareRunsStatus(loaded, !note.isEmpty()));
    });
}

} // namespace tb
