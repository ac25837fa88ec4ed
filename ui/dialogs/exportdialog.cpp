#include "exportdialog.h"

#include "kernel/sourcefilewriter.h"
#include "session/asynccall.h"
#include "session/workspacefiles.h"

#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace tb {

namespace {

const QString kFormatKey = QStringLiteral("export/format");
const QString kScopeKey = QStringLiteral("export/scope");
const QString kDirectoryKey = QStringLiteral("export/directory");

QString describe(const EngineError &error)
{
    QString text = QString::fromStdString(error.message);
    if (!error.detail.empty())
        text += QStringLiteral(" (") + QString::fromStdString(error.detail) + QLatin1Char(')');
    return text;
}

// The target is replaced whole or not at all: written beside it, every write checked, then
// renamed over it (SourceFileWriter; not QSaveFile, whose Qt 6.4 buffered writes can commit a
// truncated file as success). Returns "" on success, else the reason naming the file.
QString writeWhole(const QString &path, const std::string &text)
{
    const QString reason =
        SourceFileWriter::write(path, QByteArray(text.data(), qsizetype(text.size())));
    return reason.isEmpty() ? QString() : QObject::tr("Cannot write %1: %2").arg(path, reason);
}

} // namespace

ExportDialog::ExportDialog(const QString &workspacePath, qint64 runId, QWidget *parent)
    : QDialog(parent), m_format(new QComboBox(this)), m_scope(new QComboBox(this)),
      m_runLabel(new QLabel(this)), m_preview(new QPlainTextEdit(this)), m_status(new QLabel(this)),
      m_save(new QPushButton(tr("&Save to file..."), this)),
      m_copy(new QPushButton(tr("&Copy to clipboard"), this))
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export results"));
    m_format->addItem(tr("JSON: best configuration per problem size"), int(ExportFormat::Json));
    m_format->addItem(tr("CSV: a table, one row per result"), int(ExportFormat::Csv));
    m_format->setToolTip(tr("JSON is the versioned tunebench-export document that production "
                            "code reads; CSV opens in a spreadsheet"));
    m_scope->addItem(tr("Best per problem size"), int(ExportScope::BestPerSize));
    m_scope->addItem(tr("All results"), int(ExportScope::AllResults));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_save->setToolTip(tr("Write the whole export to a file (Ctrl+S)"));
    m_save->setShortcut(QKeySequence::Save);
    m_copy->setToolTip(tr("Put the whole export on the clipboard"));

    auto *form = new QFormLayout;
    form->addRow(tr("Run:"), m_runLabel);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("S&cope:"), m_scope);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(820, 560);

    QSettings settings;
    ExportOptions remembered;
    remembered.format = ExportFormat(settings.value(kFormatKey, 0).toInt() == 1 ? 1 : 0);
    remembered.scope = ExportScope(settings.value(kScopeKey, 0).toInt() == 1 ? 1 : 0);
    setOptions(remembered);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onOptionsChanged);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ExportDialog::onOptionsChanged);
    connect(m_save, &QPushButton::clicked, this, &ExportDialog::saveToFile);
    connect(m_copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
    onOptionsChanged(); // the scope box follows the remembered format
    setReady(false);
    loadRun(workspacePath, runId);
}

ExportDialog::~ExportDialog() = default;

ExportOptions ExportDialog::options() const
{
    ExportOptions options;
    options.format = ExportFormat(m_format->currentData().toInt());
    options.scope = ExportScope(m_scope->currentData().toInt());
    return options;
}

void ExportDialog::setOptions(const ExportOptions &options)
{
    m_format->setCurrentIndex(m_format->findData(int(options.format)));
    m_scope->setCurrentIndex(m_scope->findData(int(options.scope)));
}

QString ExportDialog::exportedText() const
{
    return m_ready ? QString::fromStdString(m_text) : QString();
}

QString ExportDialog::previewText() const
{
    return m_preview->toPlainText();
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
        [path = workspacePath.toStdString(), runId] { return readStoredRun(path, runId, false); },
        [this, file = QFileInfo(workspacePath).fileName()](const Loaded &loaded) {
            if (!loaded) {
                const QString message = describe(loaded.error());
                m_status->setText(message);
                emit loadFailed(message);
                return;
            }
            m_run = std::make_shared<const StoredRun>(*loaded);
            m_runLabel->setText(
                tr("run %1 of '%2', %n result(s)", nullptr, int(m_run->results.size()))
                    .arg(m_run->record.id)
                    .arg(QString::fromStdString(m_run->spec.name)));
            render();
        });
}

void ExportDialog::onOptionsChanged()
{
    // The JSON export is the winners by definition: its scope is fixed.
    const bool json = options().format == ExportFormat::Json;
    if (json)
        m_scope->setCurrentIndex(m_scope->findData(int(ExportScope::BestPerSize)));
    m_scope->setEnabled(!json);
    m_scope->setToolTip(json ? tr("The JSON export holds the best configuration of each problem "
                                  "size; choose CSV to export every result")
                             : tr("Export the winners only, or every result of the run"));
    QSettings settings;
    settings.setValue(kFormatKey, int(options().format));
    settings.setValue(kScopeKey, int(options().scope));
    render();
}

void ExportDialog::render()
{
    if (!m_run)
        return;
    setReady(false);
    const quint64 serial = ++m_renderSerial;
    struct Rendered
    {
        Expected<std::string> text;
        QString preview;
        int lines = 0;
    };
    runAsync<Rendered>(
        this,
        [run = m_run, options = options()] {
            Rendered rendered{renderExport(*run, options, TUNEBENCH_VERSION), {}, 0};
            if (rendered.text)
                rendered.preview = firstLines(*rendered.text, kPreviewLines, &rendered.lines);
            return rendered;
        },
        [this, serial](const Rendered &rendered) {
            if (serial != m_renderSerial)
                return; // the options changed meanwhile: a newer render follows
            if (!rendered.text) {
                m_text.clear();
                m_preview->setPlainText(QString());
                m_status->setText(describe(rendered.text.error()));
                emit previewUpdated();
                return;
            }
            m_text = *rendered.text;
            m_preview->setPlainText(rendered.preview);
            m_status->setText(
                rendered.lines > kPreviewLines
                    ? tr("Preview: the first %1 of %2 lines").arg(kPreviewLines).arg(rendered.lines)
                    : tr("%n line(s)", nullptr, rendered.lines));
            setReady(true);
            emit previewUpdated();
        });
}

void ExportDialog::setReady(bool ready)
{
    m_ready = ready;
    m_save->setEnabled(ready);
    m_copy->setEnabled(ready);
}

void ExportDialog::saveToFile()
{
    if (!m_ready)
        return;
    QSettings settings;
    const QString directory = settings.value(kDirectoryKey, QDir::homePath()).toString();
    const QString suggestion =
        QDir(directory).filePath(suggestedFileName(*m_run, options().format));
    const bool json = options().format == ExportFormat::Json;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export results"), suggestion,
        json ? tr("JSON files (*.json);;All files (*)") : tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(kDirectoryKey, QFileInfo(path).absolutePath());
    saveTo(path);
}

void ExportDialog::saveTo(const QString &path)
{
    if (!m_ready)
        return;
    m_save->setEnabled(false);
    m_status->setText(tr("Writing %1...").arg(QDir::toNativeSeparators(path)));
    runAsync<QString>(
        this, [path, text = m_text] { return writeWhole(path, text); },
        [this, path](const QString &error) {
            m_save->setEnabled(m_ready);
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
    if (!m_ready)
        return;
    QGuiApplication::clipboard()->setText(QString::fromStdString(m_text));
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
