#pragma once

#include "exportrender.h"

#include <QDialog>

#include <memory>
#include <string>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace tb {

// File > Export results: one stored run in any of the engine's export formats, as the CLI's
// `export` writes them (JSON of the best configuration per problem size, CSV of the best or of
// every result, a Kernel Tuner cache of one problem size, the winners as a C++ header, the
// kernel set within a tolerance as JSON or as a header), with a read-only preview of the first
// lines that follows the format and its options (each option shown only where it applies), the
// engine's error in its place when the run cannot be exported so, Save to file (written whole
// or not at all) and Copy to clipboard. The run is read and the text rendered on a pool
// thread; the dialog stays responsive on a run of 100,000 results.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    static constexpr int kPreviewLines = 200;
    // A Kernel Tuner cache is one line: the preview stops here too.
    static constexpr int kPreviewBytes = 64 * 1024;

    ExportDialog(const QString &workspacePath, qint64 runId, QWidget *parent = nullptr);
    ~ExportDialog() override;

    ExportOptions options() const;
    void setOptions(const ExportOptions &options);
    // True once the text for the current options is rendered.
    bool isReady() const { return m_ready; }
    // The whole export text for the current options ("" until ready).
    QString exportedText() const;
    QString previewText() const;
    QString statusText() const;

    QComboBox *formatBox() const { return m_format; }
    QComboBox *scopeBox() const { return m_scope; }
    QComboBox *sizeBox() const { return m_size; }
    QLineEdit *deviceNameEdit() const { return m_deviceName; }
    QDoubleSpinBox *maxSlowdownBox() const { return m_maxSlowdown; }
    // The engine's reason, shown instead of the preview when the options cannot be exported.
    QLabel *errorLabel() const { return m_error; }
    // The file name Save to file suggests for the current options.
    QString suggestedFileName() const;
    QPlainTextEdit *preview() const { return m_preview; }
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
    void buildForm();
    void restoreOptions();
    void connectOptions();
    void fillProblemSizes();
    void onOptionsChanged();
    void showOptionRows();
    void showText(const std::string &text, const QString &preview, int lines, bool truncated);
    void showRenderError(const QString &message);
    static QString previewNote(const std::string &text, int lines, bool truncated);
    void setReady(bool ready);
    void showError(const QString &title, const QString &message);

    QComboBox *m_format;
    QComboBox *m_scope;
    QComboBox *m_size;
    QLineEdit *m_deviceName;
    QDoubleSpinBox *m_maxSlowdown;
    QFormLayout *m_form;
    QLabel *m_runLabel;
    QPlainTextEdit *m_preview;
    QLabel *m_error;
    QLabel *m_status;
    QPushButton *m_save;
    QPushButton *m_copy;
    std::shared_ptr<const StoredRun> m_run;
    std::string m_text;
    quint64 m_renderSerial = 0;
    bool m_ready = false;
};

} // namespace tb
