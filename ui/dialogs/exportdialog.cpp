#include "exportdialog.h"

#include "exporterror.h"
#include "kernel/sourcefilewriter.h"
#include "session/asynccall.h"
#include "session/runcaption.h"
#include "tasks/storedrun.h"
#include "tasks/workspacefiles.h"

#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace tb {

namespace {

const QString kDirectoryKey = QStringLiteral("export/directory");

// The target is replaced whole or not at all: written beside it, every write checked, then
// renamed over it (SourceFileWriter; not QSaveFile, whose Qt 6.4 buffered writes can commit a
// truncated file as success). Returns "" on success, else the reason naming the file.
QString writeWhole(const QString &path, const std::string &text)
{
    const QString reason =
        SourceFileWriter::write(path, QByteArray(text.data(), qsizetype(text.size())));
    return reason.isEmpty() ? QString() : QObject::tr("Cannot write %1: %2").arg(path, reason);
}

// "run 3 of 'sgemm', 42 result(s), on NVIDIA H100": which run the export writes, and the file
// an imported one came from.
QString runLabel(const StoredRun &run)
{
    QString label =
        ExportDialog::tr("run %1 of '%2', %n result(s), on %3", nullptr, int(run.results.size()))
            .arg(run.record.id)
            .arg(QString::fromStdString(run.spec.name), runDeviceText(run.record));
    if (run.record.imported())
        label += QStringLiteral(", ") + runOriginText(run.record);
    return label;
}

} // namespace

ExportDialog::ExportDialog(const QString &workspacePath, qint64 runId, QWidget *parent)
    : QDialog(parent), m_options(new ExportOptionsForm(this)), m_runLabel(new QLabel(this)),
      m_previewPane(new ExportPreview(this)), m_status(new QLabel(this)),
      m_save(new QPushButton(tr("&Save to file..."), this)),
      m_copy(new QPushButton(tr("&Copy to clipboard"), this)), m_workspacePath(workspacePath)
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export results"));
    m_runLabel->setObjectName(QStringLiteral("exportRunLabel"));
    m_options->insertInfoRow(tr("Run:"), m_runLabel);
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_save->setToolTip(tr("Write the whole export to a file (Ctrl+S)"));
    m_save->setShortcut(QKeySequence::Save);
    m_copy->setToolTip(tr("Put the whole export on the clipboard"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_options);
    layout->addWidget(m_previewPane, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(820, 560);

    connect(m_options, &ExportOptionsForm::changed, this, &ExportDialog::render);
    connect(m_previewPane, &ExportPreview::rendered, this, &ExportDialog::showRendered);
    connect(m_save, &QPushButton::clicked, this, &ExportDialog::saveToFile);
    connect(m_copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
    updateButtons();
    loadRun(workspacePath, runId);
}

ExportDialog::~ExportDialog() = default;

QString ExportDialog::suggestedFileName() const
{
    return m_run ? tb::suggestedFileName(*m_run, options()) : QString();
}

QString ExportDialog::exportedText() const
{
    return isReady() ? QString::fromStdString(m_previewPane->text()) : QString();
}

QString ExportDialog::statusText() const
{
    return m_status->text();
}

void ExportDialog::loadRun(const QString &workspacePath, qint64 runId)
{
    m_runLabel->setText(tr("run %1 of %2").arg(runId).arg(QDir::toNativeSeparators(workspacePath)));
    m_status->setText(tr("Reading run %1...").arg(runId));
    using Loaded = Expected<StoredRun>;
    runAsync<Loaded>(
        this,
        [path = workspacePath.toStdString(), runId] {
            // With samples: the "times" of the Kernel Tuner cache and the T4 file.
            return readStoredRun(path, runId, true);
        },
        [this](const Loaded &loaded) {
            if (!loaded) {
                const QString message = describeExportError(loaded.error());
                m_status->setText(message);
                emit loadFailed(message);
                return;
            }
            m_run = std::make_shared<const StoredRun>(*loaded);
            m_runLabel->setText(runLabel(*m_run));
            m_options->setProblemSizes(m_run->spec);
            m_options->setDeviceModels(m_run->results);
            render();
        });
}

void ExportDialog::render()
{
    if (!m_run)
        return;
    m_previewPane->render(m_run, options());
    updateButtons();
}

void ExportDialog::showRendered(const QString &note)
{
    m_status->setText(note);
    updateButtons();
    emit previewUpdated();
}

// Save and Copy only while the text for the current options is there to save.
void ExportDialog::updateButtons()
{
    m_save->setEnabled(isReady());
    m_copy->setEnabled(isReady());
}

void ExportDialog::saveToFile()
{
    if (!isReady())
        return;
    const QString suggestion = QDir(saveDirectory()).filePath(suggestedFileName());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), suggestion,
                                                      fileFilter(options().format));
    if (path.isEmpty())
        return;
    QSettings().setValue(kDirectoryKey, QFileInfo(path).absolutePath());
    saveTo(path);
}

QString ExportDialog::saveDirectory() const
{
    const QString last = QSettings().value(kDirectoryKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    return QFileInfo(m_workspacePath).absolutePath();
}

void ExportDialog::saveTo(const QString &path)
{
    if (!isReady())
        return;
    m_save->setEnabled(false);
    m_status->setText(tr("Writing %1...").arg(QDir::toNativeSeparators(path)));
    runAsync<QString>(
        this, [path, text = m_previewPane->text()] { return writeWhole(path, text); },
        [this, path](const QString &error) {
            m_save->setEnabled(isReady());
            if (!error.isEmpty()) {
                m_status->setText(error);
                showError(tr("Export failed"), error);
                emit saveFailed(error);
                return;
            }
            m_status->setText(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
            emit saved(path);
        });
}

void ExportDialog::copyToClipboard()
{
    if (!isReady())
        return;
    QGuiApplication::clipboard()->setText(QString::fromStdString(m_previewPane->text()));
    m_status->setText(tr("Copied the whole export to the clipboard"));
}

void ExportDialog::showError(const QString &title, const QString &message)
{
    // open(), not exec(): never blocks (an offscreen test, the dialog's own event loop).
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace tb
