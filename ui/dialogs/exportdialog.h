#pragma once

#include "exportoptionsform.h"
#include "exportpreview.h"

#include <QDialog>

#include <memory>

class QLabel;
class QPushButton;

namespace tb {

// File > Export results: one stored run in any of the engine's export formats, as the CLI's
// `export` writes them (JSON of the best configuration per problem size, CSV of the best or of
// every result, a Kernel Tuner cache or a T4 results file of one problem size, the winners as a
// C++ header, the kernel set within a tolerance as JSON or as a header), with a read-only preview
// of the first lines that follows the format and its options (ExportOptionsForm: each option shown
// only where it applies), the engine's error in its place when the run cannot be exported so
// (ExportPreview), Save to file (written whole or not at all) and Copy to clipboard. The run is
// read and the text rendered on a pool thread; the dialog stays responsive on a run of 100,000
// results.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kPreviewLines = ExportPreview::kPreviewLines;
    static constexpr int kPreviewBytes = ExportPreview::kPreviewBytes;

    ExportDialog(const QString &workspacePath, qint64 runId, QWidget *parent = nullptr);
    ~ExportDialog() override;

    ExportOptions options() const { return m_options->options(); }
    void setOptions(const ExportOptions &options) { m_options->setOptions(options); }
    // True once the text for the current options is rendered.
    bool isReady() const { return m_previewPane->isReady(); }
    // The whole export text for the current options ("" until ready).
    QString exportedText() const;
    QString previewText() const { return m_previewPane->previewText(); }
    QString statusText() const;

    QComboBox *formatBox() const { return m_options->formatBox(); }
    QComboBox *scopeBox() const { return m_options->scopeBox(); }
    QComboBox *sizeBox() const { return m_options->sizeBox(); }
    QLineEdit *deviceNameEdit() const { return m_options->deviceNameEdit(); }
    QDoubleSpinBox *maxSlowdownBox() const { return m_options->maxSlowdownBox(); }
    // The engine's reason, shown instead of the preview when the options cannot be exported.
    QLabel *errorLabel() const { return m_previewPane->errorLabel(); }
    // The file name Save to file suggests for the current options.
    QString suggestedFileName() const;
    // The folder Save to file starts in: the one the last export was saved to, while it
    // exists; else the workspace's own folder (beside the run it exports, not the home folder).
    QString saveDirectory() const;
    QPlainTextEdit *preview() const { return m_previewPane->editor(); }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *copyButton() const { return m_copy; }

public slots:
    // Asks for a file name, then saveTo().
    void saveToFile();
    // Writes the export to path on a pool thread (beside it, then renamed over it).
    void saveTo(const QString &path);
    void copyToClipboard();

signals:
    void previewUpdated();
    void loadFailed(const QString &message);
    void saved(const QString &path);
    void saveFailed(const QString &message);

private:
    void loadRun(const QString &workspacePath, qint64 runId);
    void render();
    void showRendered(const QString &note);
    void updateButtons();
    void showError(const QString &title, const QString &message);

    ExportOptionsForm *m_options;
    QLabel *m_runLabel;
    ExportPreview *m_previewPane;
    QLabel *m_status;
    QPushButton *m_save;
    QPushButton *m_copy;
    QString m_workspacePath;
    std::shared_ptr<const StoredRun> m_run;
};

} // namespace tb
