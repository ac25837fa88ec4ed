// MainWindow: from a result to its code. The Results table's row actions, answered with the
// pages the window holds: the Kernel page compiles a result's configuration and tells its
// -D flags (for the row action and the details pane, with a template kernel's instantiation)
// and launch geometry; the Compare page takes it as its baseline. The Kernel page shows the run
// on show's figures for what it picked (the window's results model).
#include "mainwindow.h"

#include "backend/common/buildsupport.h"
#include "compare/compareentry.h"
#include "compare/compareview.h"
#include "document/specdocument.h"
#include "kernel/kernelpage.h"
#include "models/resultsmodel.h"
#include "pages/resultdetails.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "results/resultrowactions.h"
#include "results/resultspage.h"

#include <QApplication>
#include <QClipboard>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>

namespace tb {

void MainWindow::wireResultActions()
{
    const ResultRowActions *actions = m_resultsPage->rowActions();
    connect(actions, &ResultRowActions::compileRequested, this, &MainWindow::compileInKernelPage);
    connect(actions, &ResultRowActions::copyDefinesRequested, this, &MainWindow::copyDefineFlags);
    connect(actions, &ResultRowActions::copyLaunchRequested, this, &MainWindow::copyLaunchGeometry);
    connect(actions, &ResultRowActions::baselineRequested, this, &MainWindow::setCompareBaseline);
    m_specPages->kernelPage()->setResultsModel(m_runPage->resultsModel(), m_deviceModels);
    // The details pane's -D flags, by the same rule as "Copy -D flags".
    m_resultsPage->details()->setDefinesSource(
        [this](const ResultEvent &event) { return buildFlags(event); });
}

QString MainWindow::buildFlags(const ResultEvent &event) const
{
    const QString flags = m_specPages->kernelPage()->defineFlags(
        m_runPage->resultsModel()->parameterNames(), event.config);
    const std::optional<Spec> spec = m_specPages->document()->spec();
    if (flags.isEmpty() || !spec || spec->kernel.entry.find('<') == std::string::npos)
        return flags;
    // A template parameter reaches the kernel as a template argument, not as its macro: the
    // instantiation (as NVRTC builds it) says which one was measured. After "#", so that the
    // flags still paste into a shell's command line.
    return flags + QStringLiteral(" # ") +
           QString::fromStdString(
               entryInstantiation(spec->kernel.entry, spec->parameters, event.config));
}

void MainWindow::compileInKernelPage(const ResultEvent &event)
{
    KernelPage *kernel = m_specPages->kernelPage();
    m_pages->setCurrentWidget(kernel);
    // The page says why when it cannot (another spec's result, a compile going).
    if (kernel->pickConfiguration(m_runPage->resultsModel()->parameterNames(), event.config,
                                  event.sizeIndex))
        kernel->compileConfig();
}

void MainWindow::copyDefineFlags(const ResultEvent &event)
{
    const QString flags = buildFlags(event);
    if (flags.isEmpty()) {
        statusBar()->showMessage(tr("No -D flags to copy: the result is of another spec than "
                                    "the one open; open its spec first"));
        return;
    }
    QApplication::clipboard()->setText(flags);
    statusBar()->showMessage(tr("Copied %1").arg(flags));
}

void MainWindow::copyLaunchGeometry(const ResultEvent &event)
{
    QString problem;
    const QString geometry = m_specPages->kernelPage()->launchGeometry(
        m_runPage->resultsModel()->parameterNames(), event.config, event.sizeIndex, &problem);
    if (geometry.isEmpty()) {
        statusBar()->showMessage(tr("No launch geometry to copy: %1").arg(problem));
        return;
    }
    QApplication::clipboard()->setText(geometry);
    statusBar()->showMessage(tr("Copied %1").arg(geometry));
}

void MainWindow::setCompareBaseline(const ResultEvent &event)
{
    // Among several selected rows, those are compared (as Ctrl+D does) with this one as the
    // baseline; alone, it joins the results already compared.
    const QVector<ResultEvent> selected = m_resultsPage->selectedResults();
    const bool inSelection =
        std::any_of(selected.cbegin(), selected.cend(), [&event](const ResultEvent &other) {
            return other.configKey == event.configKey && other.sizeIndex == event.sizeIndex;
        });
    if (selected.size() >= 2 && inSelection)
        compareSelected();
    m_compare->setBaselineEntry(compareEntry(event));
    m_pages->setCurrentWidget(m_compare);
    statusBar()->showMessage(tr("Baseline: %1 at %2")
                                 .arg(QString::fromStdString(event.configKey),
                                      m_runPage->resultsModel()->sizeLabel(event.sizeIndex)));
}

} // namespace tb
