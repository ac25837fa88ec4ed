#pragma once

#include "exportrender.h"

#include <QWidget>

#include <memory>
#include <string>

class QLabel;
class QPlainTextEdit;

namespace tb {

// The Export dialog's preview: renders a stored run's export text for some options on a pool
// thread and shows its first lines (read-only, fixed font), or the engine's reason in place of
// the preview when the run cannot be exported so, so that a refusal is not taken for an empty
// export. Only the latest render is shown: one whose options changed meanwhile is dropped.
class ExportPreview : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kPreviewLines = 200;
    // A Kernel Tuner cache is one line: the preview stops here too.
    static constexpr int kPreviewBytes = 64 * 1024;

    explicit ExportPreview(QWidget *parent = nullptr);

    // Starts rendering; isReady() is false until rendered() says the text is shown.
    void render(std::shared_ptr<const StoredRun> run, const ExportOptions &options);
    // True once the text for the latest options is rendered (false after an engine error).
    bool isReady() const { return m_ready; }
    // The whole export text ("" until ready).
    const std::string &text() const { return m_text; }
    QString previewText() const;

    QPlainTextEdit *editor() const { return m_preview; }
    QLabel *errorLabel() const { return m_error; }

signals:
    // The latest render is shown, text or error; `note` says what of it the preview shows
    // ("12 lines", "Preview truncated: ...") or the engine's reason.
    void rendered(const QString &note);

private:
    void showText(const std::string &text, const QString &preview, int lines, bool truncated);
    void showRenderError(const QString &message);
    static QString previewNote(const std::string &text, int lines, bool truncated);

    QPlainTextEdit *m_preview;
    QLabel *m_error;
    std::string m_text;
    quint64 m_renderSerial = 0;
    bool m_ready = false;
};

} // namespace tb
