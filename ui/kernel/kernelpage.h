#pragma once

#include "compilemetatypes.h"
#include "kernelsourcefile.h"
#include "model/configuration.h"
#include "model/spec.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <cstddef>

#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QModelIndex;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTreeView;

namespace tb {

class CodeView;
class CompilePanel;
class CompilerMessagesModel;
class ConfigCompiler;
class ConfigPicker;
class DeviceModelList;
class FindBar;
class KernelEditor;
class KernelToolbar;
class MeasuredFiguresView;
class ResourceUsageView;
class ResultsModel;
struct CompilerMessage;

// The Kernel page: the spec's kernel source in an editor (highlighting, line numbers, find,
// undo/redo), saved in place with Ctrl+S, and "Compile config" (Ctrl+B), which compiles the
// configuration and problem size picked above the editor, with the editor's current text, off
// the GUI thread (CUDA in a cuda-compile worker process, cpu with the host compiler) and shows
// the resource usage, the compiler's log and its messages, with markers in the margin; a click
// or Enter on a message puts the cursor on its line. The Code tab shows what was built: PTX and
// SASS (nvdisasm) for CUDA, the entry's disassembly (objdump) for cpu. Beside the resource usage,
// what the run on show measured for the picked configuration and size (the window's results model).
// Composed of a KernelToolbar over the editor, a CompilePanel under it, a KernelSourceFile for
// the file it edits, and ConfigurationCode for a result's -D flags and launch geometry.
class KernelPage : public QWidget
{
    Q_OBJECT
public:
    explicit KernelPage(QWidget *parent = nullptr);
    ~KernelPage() override;

    // Loads the kernel source the spec names (kernel.source, resolved against the spec file's
    // directory by the loader) and offers the spec's parameters and sizes. A spec naming the
    // file already open keeps the editor's unsaved edits (an edited spec must not drop them).
    void setSpec(const Spec &spec, const QString &specPath);
    bool hasSpec() const { return m_spec.has_value(); }
    QString specPath() const { return m_specPath; }
    // The kernel file being edited; empty when the spec gives its code inline.
    QString sourcePath() const { return m_source.path(); }
    bool isModified() const;
    bool isCompiling() const;
    // The last error shown (load or save), empty after a success.
    QString lastError() const { return m_lastError; }

    // Where compiles find tunebench-worker (default: SessionController::defaultWorkerPath())
    // and keep their builds (default: ~/.cache/tunebench/builds, the worker's own default).
    void setWorkerPath(const QString &path) { m_workerPath = path; }
    void setCacheDirectory(const QString &path) { m_cacheDirectory = path; }
    // Seconds a compile may take before it is killed and reported as a timeout (default 60).
    void setCompileTimeout(double seconds) { m_compileTimeout = seconds; }

    KernelEditor *editor() const { return m_editor; }
    ConfigPicker *configPicker() const;
    FindBar *findBar() const { return m_findBar; }
    CompilerMessagesModel *messagesModel() const;
    QTreeView *messagesView() const;
    ResourceUsageView *resourceView() const;
    // Beside the resources: what the run on show measured for the picked configuration.
    MeasuredFiguresView *measuredView() const;
    QPlainTextEdit *compileLog() const;
    // The Code tab: PTX / SASS or Disassembly of the last compile.
    CodeView *codeView() const;
    QTabWidget *resultTabs() const;
    QPushButton *compileButton() const;
    QComboBox *targetCombo() const;
    QProgressBar *busyIndicator() const;
    QLabel *statusLabel() const { return m_status; }

    // The results of the run on show (the window's model), for the measured figures, and in a
    // run over several device models the one whose figures are shown (the Results page's).
    void setResultsModel(const ResultsModel *model, const DeviceModelList *deviceModels = nullptr);

    // From a result to its code. Each takes a result's configuration with its parameters'
    // names (the run's order) and refuses one of another spec (names not the loaded spec's).
    // Picks the configuration and size; false (and says why) when it cannot.
    bool pickConfiguration(const QStringList &parameterNames, const Configuration &config,
                           std::size_t sizeIndex);
    // "-DBM=64 -DBN=32": the backends' own defines (parameterDefines(), template parameters
    // included); empty for a configuration of another spec.
    QString defineFlags(const QStringList &parameterNames, const Configuration &config) const;
    // "<<<dim3(16, 16, 1), dim3(32, 8, 1), 4096>>>": grid, block and (when not 0) dynamic
    // shared memory from the spec's launch expressions; empty with `problem` saying why when
    // there is none (a cpu spec, another spec, an expression that fails).
    QString launchGeometry(const QStringList &parameterNames, const Configuration &config,
                           std::size_t sizeIndex, QString *problem = nullptr) const;

    // For the main window's menus: Save, Compile config, Find, Find next, Find previous,
    // Undo, Redo. Their shortcuts work while the page has the focus; Find and F3 search the
    // Code tab while it has the focus, the kernel otherwise.
    QList<QAction *> editActions() const;
    QAction *saveAction() const { return m_saveAction; }
    QAction *compileAction() const { return m_compileAction; }

public slots:
    // Writes the editor's text to sourcePath() atomically; false (and the file untouched, the
    // error shown and kept in lastError()) when it cannot.
    bool save();
    // False when a compile is already running or there is nothing to compile (and says why).
    bool compileConfig();
    void openFind();
    void findNext();
    void findPrevious();
    void jumpToMessage(const QModelIndex &index);

signals:
    void modificationChanged(bool modified);
    void saved(const QString &path);
    void compileStarted();
    void compileFinished(const tb::CompileOutcome &outcome);
    void statusMessage(const QString &message);

private:
    void buildLayout();
    void createActions();
    void loadSource(const Spec &spec, const QString &path);
    void readSource(const Spec &spec, const QString &path);
    void find(bool forward);
    bool codeHasFocus() const; // Find and F3 then search the code, not the kernel
    void onCompileFinished(const CompileOutcome &outcome);
    void markMessages(const QList<CompilerMessage> &messages);
    bool isInKernel(const CompilerMessage &message) const;
    void setBusy(bool busy);
    void setStatus(const QString &text, bool problem = false);
    void showError(const QString &text);
    void updateFileLabel();
    void showPickedBranches();
    void showMeasured();

    std::optional<Spec> m_spec;
    QString m_specPath;
    KernelSourceFile m_source; // the kernel file being edited, or none for inline code
    QString m_lastError;
    QString m_workerPath;
    QString m_cacheDirectory;
    double m_compileTimeout = 60;
    QString m_compilingLabel; // the configuration being compiled, for the log's header
    bool m_compilingCuda = false;
    bool m_loading = false; // loadSource() is replacing the editor's text

    ConfigCompiler *m_compiler;
    KernelToolbar *m_toolbar;
    ConfigPicker *m_picker; // the toolbar's
    KernelEditor *m_editor;
    FindBar *m_findBar;
    CompilePanel *m_panel;
    QLabel *m_error;
    QLabel *m_status;
    QAction *m_saveAction = nullptr;
    QAction *m_compileAction = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_findNextAction = nullptr;
    QAction *m_findPreviousAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
};

} // namespace tb
