#include "resultcodelink.h"

#include "compare/comparecommands.h"
#include "document/specdocument.h"
#include "kernel/kernelpage.h"
#include "models/resultsmodel.h"
#include "pages/resultdetails.h"
#include "pages/runpage.h"
#include "pages/specpages.h"
#include "results/resultrowactions.h"
#include "results/resultspage.h"
#include "tasks/kernelfacts.h"

#include <QApplication>
#include <QClipboard>
#include <QTabWidget>

namespace tb {

ResultCodeLink::ResultCodeLink(const Pages &pages, DeviceModelList *deviceModels,
                               CompareCommands *compare, QObject *parent)
    : QObject(parent), m_pages(pages)
{
    const ResultRowActions *actions = m_pages.resultsPage->rowActions();
    connect(actions, &ResultRowActions::compileRequested, this,
            &ResultCodeLink::compileInKernelPage);
    connect(actions, &ResultRowActions::copyDefinesRequested, this,
            &ResultCodeLink::copyDefineFlags);
    connect(actions, &ResultRowActions::copyLaunchRequested, this,
            &ResultCodeLink::copyLaunchGeometry);
    connect(actions, &ResultRowActions::baselineRequested, compare, &CompareCommands::setBaseline);
    m_pages.specPages->kernelPage()->setResultsModel(m_pages.runPage->resultsModel(), deviceModels);
    // The details pane's -D flags, by the same rule as "Copy -D flags".
    m_pages.resultsPage->details()->setDefinesSource(
        [this](const ResultEvent &event) { return buildFlags(event); });
}

QString ResultCodeLink::buildFlags(const ResultEvent &event) const
{
    const QString flags = m_pages.specPages->kernelPage()->defineFlags(
        m_pages.runPage->resultsModel()->parameterNames(), event.config);
    const std::optional<Spec> spec = m_pages.specPages->document()->spec();
    if (flags.isEmpty() || !spec || spec->kernel.entry.find('<') == std::string::npos)
        return flags;
    // A template parameter reaches the kernel as a template argument, not as its macro: the
    // instantiation (as NVRTC builds it) says which one was measured. After "#", so that the
    // flags still paste into a shell's command line.
    return flags + QStringLiteral(" # ") +
           QString::fromStdString(
               entryInstantiation(spec->kernel.entry, spec->parameters, event.config));
}

void ResultCodeLink::compileInKernelPage(const ResultEvent &event)
{
    KernelPage *kernel = m_pages.specPages->kernelPage();
    m_pages.tabs->setCurrentWidget(kernel);
    // The page says why when it cannot (another spec's result, a compile going).
    if (kernel->pickConfiguration(m_pages.runPage->resultsModel()->parameterNames(), event.config,
                                  event.sizeIndex))
        kernel->compileConfig();
}

void ResultCodeLink::copyDefineFlags(const ResultEvent &event)
{
    const QString flags = buildFlags(event);
    if (flags.isEmpty()) {
        emit statusMessage(tr("No -D flags to copy: the result is of another spec than the "
                              "one open; open its spec first"));
        return;
    }
    QApplication::clipboard()->setText(flags);
    emit statusMessage(tr("Copied %1").arg(flags));
}

void ResultCodeLink::copyLaunchGeometry(const ResultEvent &event)
{
    QString problem;
    const QString geometry = m_pages.specPages->kernelPage()->launchGeometry(
        m_pages.runPage->resultsModel()->parameterNames(), event.config, event.sizeIndex, &problem);
    if (geometry.isEmpty()) {
        emit statusMessage(tr("No launch geometry to copy: %1").arg(problem));
        return;
    }
    QApplication::clipboard()->setText(geometry);
    emit statusMessage(tr("Copied %1").arg(geometry));
}

} // namespace tb
