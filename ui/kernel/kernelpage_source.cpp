// KernelPage: the kernel file (load, save), the spec it comes from, and find.
#include "kernelpage.h"

#include "codeview.h"
#include "compilermessagesmodel.h"
#include "configpicker.h"
#include "findbar.h"
#include "kerneleditor.h"
#include "model/userfile.h"
#include "resourceusageview.h"
#include "sourcefilewriter.h"
#include "tasks/kernelfacts.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>

namespace tb {

namespace {

QString resolveSourcePath(const Spec &spec, const QString &specPath)
{
    if (spec.kernel.sourcePath.empty())
        return {};
    const QString path = QString::fromStdString(spec.kernel.sourcePath);
    if (QDir::isAbsolutePath(path))
        return QDir::cleanPath(path);
    const QString base = spec.baseDirectory.empty() ? QFileInfo(specPath).absolutePath()
                                                    : QString::fromStdString(spec.baseDirectory);
    return QDir::cleanPath(QDir(base).absoluteFilePath(path));
}

} // namespace

void KernelPage::setSpec(const Spec &spec, const QString &specPath)
{
    const QString source = resolveSourcePath(spec, specPath);
    const bool keepEdits =
        m_spec && !source.isEmpty() && source == m_sourcePath && m_editor->isModified();
    const bool cuda = spec.backend == BackendKind::Cuda;
    m_spec = spec;
    m_specPath = specPath;
    m_editor->setCudaHighlighting(cuda);
    m_targetLabel->setVisible(cuda);
    m_target->setVisible(cuda);
    m_picker->setSpec(spec);
    if (!keepEdits) {
        loadSource(spec, source);
        m_messages->clear();
        m_log->clear();
        m_resources->showPlaceholder(tr("Pick a configuration and press Compile config "
                                        "(Ctrl+B) to see its resource usage."));
        m_status->clear();
    }
    showPickedBranches();
    updateFileLabel();
}

// The editor greys the #if branches the picked configuration does not build, with the macros
// a build of it defines (the builders' own parameterDefines(), template parameters included).
void KernelPage::showPickedBranches()
{
    if (!m_spec)
        return;
    QStringList definitions;
    for (const std::string &define : parameterDefines(m_spec->parameters, m_picker->configuration(),
                                                      m_editor->text().toStdString()))
        definitions << QString::fromStdString(define.substr(2)); // "-DBM=64" -> "BM=64"
    m_editor->setPreprocessorDefinitions(definitions);
}

void KernelPage::loadSource(const Spec &spec, const QString &path)
{
    const bool wasModified = m_editor->isModified();
    m_loading = true;
    readSource(spec, path);
    m_loading = false;
    if (wasModified != m_editor->isModified())
        emit modificationChanged(m_editor->isModified());
}

void KernelPage::readSource(const Spec &spec, const QString &path)
{
    m_sourcePath = path;
    m_loadFailed = false;
    m_lastError.clear();
    m_error->hide();
    m_saveAction->setEnabled(!path.isEmpty());
    if (path.isEmpty()) {
        // Inline code has no file to save to: it is edited with the spec.
        m_editor->loadText(QString::fromStdString(spec.kernel.code));
        m_editor->setReadOnly(false);
        m_saveAction->setToolTip(tr("The kernel is inline in the spec (kernel.code): there is "
                                    "no kernel file to save"));
        return;
    }
    // Read as the engine reads it: a device or a FIFO refused unread, a size limit.
    const auto source = readUserFile(path.toStdString(), "kernel source", kMaxSpecFileBytes);
    if (!source) {
        m_editor->loadText(QString());
        m_editor->setReadOnly(true);
        m_saveAction->setEnabled(false);
        m_loadFailed = true;
        showError(QString::fromStdString(source.error().toString()));
        return;
    }
    m_editor->loadText(QString::fromStdString(*source));
    m_editor->setReadOnly(false);
    m_saveAction->setToolTip(tr("Write %1 (Ctrl+S)").arg(path));
}

void KernelPage::updateFileLabel()
{
    if (!m_spec) {
        m_fileLabel->setText(tr("No spec loaded"));
        return;
    }
    const QString name =
        m_sourcePath.isEmpty() ? tr("inline kernel") : QFileInfo(m_sourcePath).fileName();
    m_fileLabel->setText(
        QStringLiteral("<b>%1</b>%2")
            .arg(name.toHtmlEscaped(), m_editor->isModified() ? QStringLiteral(" *") : QString()));
    m_fileLabel->setToolTip(m_sourcePath.isEmpty()
                                ? tr("The kernel's code is inline in %1").arg(m_specPath)
                                : m_sourcePath);
}

bool KernelPage::save()
{
    if (m_sourcePath.isEmpty()) {
        showError(tr("Nothing to save: the kernel is inline in the spec (kernel.code)."));
        return false;
    }
    if (m_loadFailed) {
        showError(tr("Cannot save %1: it could not be read, so the editor does not hold its text.")
                      .arg(m_sourcePath));
        return false;
    }
    // Written beside the file and renamed over it: on failure the file on disk is untouched.
    const QString problem = SourceFileWriter::write(m_sourcePath, m_editor->text().toUtf8());
    if (!problem.isEmpty()) {
        showError(
            tr("Cannot save %1: %2. The file on disk is unchanged.").arg(m_sourcePath, problem));
        return false;
    }
    m_lastError.clear();
    m_error->hide();
    m_editor->setModified(false);
    emit saved(m_sourcePath);
    emit statusMessage(tr("Saved %1").arg(m_sourcePath));
    return true;
}

void KernelPage::showError(const QString &text)
{
    m_lastError = text;
    m_error->setText(text);
    m_error->show();
    emit statusMessage(text);
}

void KernelPage::setStatus(const QString &text, bool problem)
{
    m_status->setText(text);
    m_status->setStyleSheet(problem ? QStringLiteral("color: #c62828;") : QString());
    emit statusMessage(text);
}

bool KernelPage::codeHasFocus() const
{
    const QWidget *focus = QApplication::focusWidget();
    return focus && (focus == m_code || m_code->isAncestorOf(focus));
}

void KernelPage::openFind()
{
    if (codeHasFocus()) {
        m_code->openFind();
        return;
    }
    m_findBar->open(m_editor->selectedText().contains(QLatin1Char('\n'))
                        ? QString()
                        : m_editor->selectedText());
}

void KernelPage::findNext()
{
    find(true);
}

void KernelPage::findPrevious()
{
    find(false);
}

void KernelPage::find(bool forward)
{
    if (codeHasFocus()) {
        m_code->find(forward);
        return;
    }
    if (m_findBar->text().isEmpty()) {
        openFind();
        return;
    }
    m_findBar->setFound(m_editor->find(m_findBar->text(), forward, m_findBar->caseSensitive()));
}

} // namespace tb
