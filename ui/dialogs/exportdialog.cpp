#include "exportdialog.h"

#include "export/bestpersize.h"
#include "kernel/sourcefilewriter.h"
#include "session/asynccall.h"
#include "session/workspacefiles.h"
#include "space/variables.h"

#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

namespace tb {

namespace {

const QString kFormatKey = QStringLiteral("export/format");
const QString kScopeKey = QStringLiteral("export/scope");
const QString kDirectoryKey = QStringLiteral("export/directory");
const QString kMaxSlowdownKey = QStringLiteral("export/maxSlowdownPct");

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
      m_size(new QComboBox(this)), m_deviceName(new QLineEdit(this)),
      m_maxSlowdown(new QDoubleSpinBox(this)), m_form(new QFormLayout),
      m_runLabel(new QLabel(this)), m_preview(new QPlainTextEdit(this)), m_error(new QLabel(this)),
      m_status(new QLabel(this)), m_save(new QPushButton(tr("&Save to file..."), this)),
      m_copy(new QPushButton(tr("&Copy to clipboard"), this))
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export results"));
    buildForm();
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_error->setObjectName(QStringLiteral("exportError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_error->hide();
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_save->setToolTip(tr("Write the whole export to a file (Ctrl+S)"));
    m_save->setShortcut(QKeySequence::Save);
    m_copy->setToolTip(tr("Put the whole export on the clipboard"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_copy, QDialogButtonBox::ActionRole);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_error, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(820, 560);

    restoreOptions();
    connectOptions();
    onOptionsChanged(); // the option rows follow the remembered format
    setReady(false);
    loadRun(workspacePath, runId);
}

void ExportDialog::buildForm()
{
    m_format->addItem(tr("JSON: best configuration per problem size"), int(ExportFormat::Json));
    m_format->addItem(tr("CSV: a table, one row per result"), int(ExportFormat::Csv));
    m_format->addItem(tr("Kernel Tuner cache: one problem size"), int(ExportFormat::KernelTuner));
    m_format->addItem(tr("C++ header: best configuration per problem size"),
                      int(ExportFormat::CppHeader));
    m_format->addItem(tr("Kernel set JSON: fewest configurations within a slowdown"),
                      int(ExportFormat::KernelSetJson));
    m_format->addItem(tr("Kernel set C++ header: fewest configurations within a slowdown"),
                      int(ExportFormat::KernelSetHeader));
    m_format->setToolTip(tr("JSON is the versioned tunebench-export document that production "
                            "code reads; CSV opens in a spreadsheet; Kernel Tuner replays its "
                            "cache; the headers compile into production code; the kernel set "
                            "ships few kernels for many sizes"));
    m_scope->addItem(tr("Best per problem size"), int(ExportScope::BestPerSize));
    m_scope->addItem(tr("All results"), int(ExportScope::AllResults));
    m_scope->setToolTip(tr("Export the winners only, or every result of the run"));
    m_size->setToolTip(tr("A Kernel Tuner cache holds one problem size"));
    m_deviceName->setPlaceholderText(tr("the GPU the results name"));
    m_deviceName->setToolTip(tr("The cache's device_name, as Kernel Tuner names the device"));
    m_maxSlowdown->setRange(0, 1000);
    m_maxSlowdown->setDecimals(1);
    m_maxSlowdown->setSingleStep(0.5);
    m_maxSlowdown->setSuffix(QStringLiteral(" %"));
    m_maxSlowdown->setValue(kDefaultMaxSlowdownPct);
    // A typed value applies on Enter or on leaving the box, not at each digit: a kernel set of
    // a large run takes a while to choose.
    m_maxSlowdown->setKeyboardTracking(false);
    m_maxSlowdown->setToolTip(tr("How much slower than its own best each problem size may run "
                                 "on the set's configuration"));
    m_form->addRow(tr("Run:"), m_runLabel);
    m_form->addRow(tr("&Format:"), m_format);
    m_form->addRow(tr("Sc&ope:"), m_scope);
    m_form->addRow(tr("Problem si&ze:"), m_size);
    m_form->addRow(tr("&Device name:"), m_deviceName);
    m_form->addRow(tr("&Max slowdown:"), m_maxSlowdown);
}

void ExportDialog::restoreOptions()
{
    QSettings settings;
    ExportOptions remembered;
    const int format = settings.value(kFormatKey, 0).toInt();
    if (m_format->findData(format) >= 0) // a format of a newer version falls back to JSON
        remembered.format = ExportFormat(format);
    remembered.scope = ExportScope(settings.value(kScopeKey, 0).toInt() == 1 ? 1 : 0);
    remembered.maxSlowdownPct = settings.value(kMaxSlowdownKey, kDefaultMaxSlowdownPct).toDouble();
    setOptions(remembered);
}

void ExportDialog::connectOptions()
{
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onOptionsChanged);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ExportDialog::onOptionsChanged);
    connect(m_size, &QComboBox::currentIndexChanged, this, &ExportDialog::onOptionsChanged);
    // On editingFinished, not on every key: each render reads the whole run.
    connect(m_deviceName, &QLineEdit::editingFinished, this, &ExportDialog::onOptionsChanged);
    connect(m_maxSlowdown, &QDoubleSpinBox::valueChanged, this, &ExportDialog::onOptionsChanged);
    connect(m_save, &QPushButton::clicked, this, &ExportDialog::saveToFile);
    connect(m_copy, &QPushButton::clicked, this, &ExportDialog::copyToClipboard);
}

ExportDialog::~ExportDialog() = default;

ExportOptions ExportDialog::options() const
{
    ExportOptions options;
    options.format = ExportFormat(m_format->currentData().toInt());
    options.scope = ExportScope(m_scope->currentData().toInt());
    options.sizeIndex = std::size_t(std::max(0, m_size->currentData().toInt()));
    options.deviceName = m_deviceName->text().trimmed().toStdString();
    options.maxSlowdownPct = m_maxSlowdown->value();
    return options;
}

void ExportDialog::setOptions(const ExportOptions &options)
{
    m_format->setCurrentIndex(m_format->findData(int(options.format)));
    m_scope->setCurrentIndex(m_scope->findData(int(options.scope)));
    if (const int size = m_size->findData(int(options.sizeIndex)); size >= 0)
        m_size->setCurrentIndex(size);
    m_deviceName->setText(QString::fromStdString(options.deviceName));
    m_maxSlowdown->setValue(options.maxSlowdownPct);
}

QString ExportDialog::suggestedFileName() const
{
    return m_run ? tb::suggestedFileName(*m_run, options()) : QString();
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
        [path = workspacePath.toStdString(), runId] {
            // With samples: the Kernel Tuner cache's "times"; no other format reads them.
            return readStoredRun(path, runId, true);
        },
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
            fillProblemSizes();
            render();
        });
}

void ExportDialog::fillProblemSizes()
{
    const QSignalBlocker blocker(m_size); // one render follows, by the caller
    m_size->clear();
    for (std::size_t i = 0; i < problemSizeCount(m_run->spec); ++i) {
        const QString label = QString::fromStdString(problemSizeLabel(m_run->spec, i));
        m_size->addItem(
            label.isEmpty() ? tr("size %1").arg(i) : tr("size %1: %2").arg(i).arg(label), int(i));
    }
}

void ExportDialog::onOptionsChanged()
{
    // Only the CSV can hold every result: the other formats are the winners (or one size's
    // every configuration, the Kernel Tuner cache) by definition.
    if (options().format != ExportFormat::Csv)
        m_scope->setCurrentIndex(m_scope->findData(int(ExportScope::BestPerSize)));
    showOptionRows();
    QSettings settings;
    settings.setValue(kFormatKey, int(options().format));
    settings.setValue(kScopeKey, int(options().scope));
    settings.setValue(kMaxSlowdownKey, options().maxSlowdownPct);
    render();
}

void ExportDialog::showOptionRows()
{
    const ExportFormat format = options().format;
    const bool csv = format == ExportFormat::Csv;
    m_scope->setEnabled(csv);
    m_form->setRowVisible(m_scope, csv);
    m_form->setRowVisible(m_size, usesProblemSize(format));
    m_form->setRowVisible(m_deviceName, usesProblemSize(format));
    m_form->setRowVisible(m_maxSlowdown, usesMaxSlowdown(format));
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
        bool truncated = false;
    };
    runAsync<Rendered>(
        this,
        [run = m_run, options = options()] {
            Rendered rendered{renderExport(*run, options, TUNEBENCH_VERSION), {}, 0, false};
            if (rendered.text)
                rendered.preview = firstLines(*rendered.text, kPreviewLines, &rendered.lines,
                                              kPreviewBytes, &rendered.truncated);
            return rendered;
        },
        [this, serial](const Rendered &rendered) {
            if (serial != m_renderSerial)
                return; // the options changed meanwhile: a newer render follows
            if (rendered.text)
                showText(*rendered.text, rendered.preview, rendered.lines, rendered.truncated);
            else
                showRenderError(describe(rendered.text.error()));
            emit previewUpdated();
        });
}

void ExportDialog::showText(const std::string &text, const QString &preview, int lines,
                            bool truncated)
{
    m_text = text;
    m_error->hide();
    m_preview->show();
    m_preview->setPlainText(preview);
    m_status->setText(previewNote(text, lines, truncated));
    setReady(true);
}

// What the status line says of the text: how much of it the preview shows when not all.
QString ExportDialog::previewNote(const std::string &text, int lines, bool truncated)
{
    if (!truncated)
        return tr("%n line(s)", nullptr, lines);
    if (lines > kPreviewLines)
        return tr("Preview truncated: the first %1 of %2 lines; the whole text is saved")
            .arg(kPreviewLines)
            .arg(lines);
    return tr("Preview truncated: the first %1 KiB of %2 KiB; the whole text is saved")
        .arg(kPreviewBytes / 1024)
        .arg(qint64(text.size() + 1023) / 1024);
}

// The engine's reason in place of the preview, so it is not taken for an empty export.
void ExportDialog::showRenderError(const QString &message)
{
    m_text.clear();
    m_preview->setPlainText(QString());
    m_preview->hide();
    m_error->setText(tr("Cannot export the run in this format: %1").arg(message));
    m_error->show();
    m_status->setText(message);
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
    const QString suggestion = QDir(directory).filePath(suggestedFileName());
    const QString path = QFileDialog::getSaveFileName(this, tr("Export results"), suggestion,
                                                      fileFilter(options().format));
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
