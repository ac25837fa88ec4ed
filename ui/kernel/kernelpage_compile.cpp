// KernelPage: "Compile config" and what it shows afterwards (messages, markers, figures, log).
#include "kernelpage.h"

#include "codeview.h"
#include "compilereport.h"
#include "compilerlogparser.h"
#include "compilermessagesmodel.h"
#include "configcompiler.h"
#include "configpicker.h"
#include "kerneleditor.h"
#include "resourceusageview.h"
#include "session/sessioncontroller.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTreeView>

namespace tb {

bool KernelPage::compileConfig()
{
    if (m_compiler->isBusy()) {
        setStatus(tr("A compile is already running: wait for it to finish, then compile again."),
                  true);
        return false;
    }
    if (!m_spec) {
        setStatus(tr("No spec loaded: open a spec to compile its kernel."), true);
        return false;
    }
    CompileRequest request;
    request.spec = *m_spec;
    if (!m_sourcePath.isEmpty())
        request.spec.kernel.sourcePath = m_sourcePath.toStdString();
    request.code = m_editor->text().toStdString();
    request.config = m_picker->configuration();
    request.sizeIndex = m_picker->sizeIndex();
    request.arch = m_target->currentData().toString().toStdString();
    request.workerPath =
        (m_workerPath.isEmpty() ? SessionController::defaultWorkerPath() : m_workerPath)
            .toStdString();
    request.cacheDirectory = m_cacheDirectory.toStdString();
    request.timeoutSeconds = m_compileTimeout;
    m_compilingLabel = m_picker->label();
    m_compilingCuda = m_spec->backend == BackendKind::Cuda;
    m_compiler->start(std::move(request));

    // Markers and messages belong to the previous compile.
    m_editor->clearMarkers();
    m_messages->clear();
    m_tabs->setTabText(0, tr("Messages"));
    m_log->setPlainText(tr("Compiling %1...").arg(m_compilingLabel));
    m_code->showNote(tr("Compiling %1...").arg(m_compilingLabel));
    setBusy(true);
    setStatus(tr("Compiling %1...").arg(m_compilingLabel));
    emit compileStarted();
    return true;
}

void KernelPage::setBusy(bool busy)
{
    m_busy->setVisible(busy);
    m_compileButton->setEnabled(!busy); // the label stays: no toolbar jitter
}

void KernelPage::onCompileFinished(const CompileOutcome &outcome)
{
    setBusy(false);
    const auto messages =
        CompilerLogParser::parse(QString::fromStdString(outcome.result.compilerLog));
    showMessages(messages);
    m_resources->showOutcome(outcome, m_compilingCuda);
    m_log->setPlainText(CompileReport::logText(outcome, m_compilingLabel));
    if (outcome.built)
        m_code->showListings(outcome.code, QString::fromStdString(outcome.target));
    else
        m_code->showNote(tr("No code for %1: it did not build (see Messages and the Compile "
                            "log).")
                             .arg(m_compilingLabel));
    setStatus(CompileReport::statusLine(outcome, messages, m_compilingLabel, m_compilingCuda),
              CompileReport::isProblem(outcome));
    // Bad news with something to click goes to the messages; otherwise the log explains.
    if (CompileReport::isProblem(outcome))
        m_tabs->setCurrentIndex(messages.isEmpty() ? 1 : 0);
    emit compileFinished(outcome);
}

void KernelPage::showMessages(const QList<CompilerMessage> &messages)
{
    m_messages->setMessages(messages);
    for (const auto &message : messages) {
        if (message.hasLocation() && isInKernel(message))
            m_editor->addMarker(message.line, message.severity);
    }
    m_tabs->setTabText(0, messages.isEmpty() ? tr("Messages")
                                             : tr("Messages (%1)").arg(messages.size()));
    for (int column = 0; column < CompilerMessagesModel::TextColumn; ++column)
        m_messagesView->resizeColumnToContents(column);
}

bool KernelPage::isInKernel(const CompilerMessage &message) const
{
    // Compilers name the file as we named it to them (NVRTC's program name, the #line of the
    // host build): the kernel's path, or a bare name for inline code.
    if (m_sourcePath.isEmpty())
        return !message.file.contains(QLatin1Char('/')) &&
               message.file.startsWith(QLatin1String("kernel."));
    if (message.file == m_sourcePath)
        return true;
    return QDir::isRelativePath(message.file) &&
           QFileInfo(message.file).fileName() == QFileInfo(m_sourcePath).fileName();
}

void KernelPage::jumpToMessage(const QModelIndex &index)
{
    if (!index.isValid() || index.row() >= m_messages->rowCount())
        return;
    const CompilerMessage &message = m_messages->messageAt(index.row());
    if (!message.hasLocation()) {
        setStatus(tr("This message has no line to go to."));
        return;
    }
    if (!isInKernel(message)) {
        setStatus(tr("This message is about %1, not the kernel file.").arg(message.file));
        return;
    }
    m_editor->goTo(message.line, message.column);
}

} // namespace tb
