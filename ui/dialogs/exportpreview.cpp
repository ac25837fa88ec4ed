#include "exportpreview.h"

#include "exporterror.h"
#include "session/asynccall.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace tb {

ExportPreview::ExportPreview(QWidget *parent)
    : QWidget(parent), m_preview(new QPlainTextEdit(this)), m_error(new QLabel(this))
{
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_error->setObjectName(QStringLiteral("exportError"));
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_error->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_error, 1);
}

QString ExportPreview::previewText() const
{
    return m_preview->toPlainText();
}

void ExportPreview::render(std::shared_ptr<const StoredRun> run, const ExportOptions &options)
{
    m_ready = false;
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
        [run = std::move(run), options] {
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
                showRenderError(describeExportError(rendered.text.error()));
        });
}

void ExportPreview::showText(const std::string &text, const QString &preview, int lines,
                             bool truncated)
{
    m_text = text;
    m_error->hide();
    m_preview->show();
    m_preview->setPlainText(preview);
    m_ready = true;
    emit rendered(previewNote(text, lines, truncated));
}

// What the status line says of the text: how much of it the preview shows when not all.
QString ExportPreview::previewNote(const std::string &text, int lines, bool truncated)
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
void ExportPreview::showRenderError(const QString &message)
{
    m_text.clear();
    m_preview->setPlainText(QString());
    m_preview->hide();
    m_error->setText(tr("Cannot export the run in this format: %1").arg(message));
    m_error->show();
    emit rendered(message);
}

} // namespace tb
