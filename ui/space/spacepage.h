#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QScrollArea;

namespace tb {

class ArgumentContentsView;
class ArgumentsEditor;
class ConstraintsEditor;
class ErrorLabel;
class SpecBasicsEditor;
class LaunchEditor;
class MetricsEditor;
class ParametersEditor;
class RunSettingsEditor;
class SizesEditor;
class SpecDocument;
class VerificationEditor;

// The Space page: every section of the spec as forms and tables (kernel, parameters,
// constraints with the live count of valid configurations, problem sizes, launch geometry,
// arguments with a preview of their contents, verification, metrics and objective, search and
// measurement). Every edit is an undoable command of the SpecDocument; Ctrl+Z / Ctrl+Shift+Z
// anywhere on the page undo and redo them and the editors follow. Each field shows its own
// validation issue; the header sums up the spec's state and lists every issue.
class SpacePage : public QWidget
{
    Q_OBJECT
public:
    explicit SpacePage(SpecDocument *document, QWidget *parent = nullptr);
    ~SpacePage() override;

    SpecDocument *document() const { return m_document; }
    // Undo/Redo of the document, shortcuts active while the focus is on this page; the main
    // window may also put them in its Edit menu.
    QAction *undoAction() const { return m_undo; }
    QAction *redoAction() const { return m_redo; }
    // "Save spec" (Ctrl+S while the focus is on this page); enabled while the document has
    // unsaved edits. Whoever owns the document saves it (and says why a save failed).
    QAction *saveAction() const { return m_save; }

    QLabel *statusLabel() const { return m_status; }
    ErrorLabel *issuesLabel() const { return m_issues; }
    SpecBasicsEditor *basicsEditor() const { return m_basics; }
    ParametersEditor *parametersEditor() const { return m_parameters; }
    ConstraintsEditor *constraintsEditor() const { return m_constraints; }
    SizesEditor *sizesEditor() const { return m_sizes; }
    LaunchEditor *launchEditor() const { return m_launch; }
    ArgumentsEditor *argumentsEditor() const { return m_arguments; }
    ArgumentContentsView *argumentContents() const { return m_contents; }
    VerificationEditor *verificationEditor() const { return m_verification; }
    MetricsEditor *metricsEditor() const { return m_metrics; }
    RunSettingsEditor *runSettingsEditor() const { return m_runSettings; }

private:
    void addSection(QLayout *layout, const QString &title, QWidget *editor,
                    const QString &help = {});
    void createActions();
    void refreshStatus();

    SpecDocument *m_document;
    QAction *m_undo = nullptr;
    QAction *m_redo = nullptr;
    QAction *m_save = nullptr;
    QLabel *m_status;
    ErrorLabel *m_issues;
    QScrollArea *m_scroll;
    SpecBasicsEditor *m_basics;
    ParametersEditor *m_parameters;
    ConstraintsEditor *m_constraints;
    SizesEditor *m_sizes;
    LaunchEditor *m_launch;
    ArgumentsEditor *m_arguments;
    ArgumentContentsView *m_contents;
    VerificationEditor *m_verification;
    MetricsEditor *m_metrics;
    RunSettingsEditor *m_runSettings;
};

} // namespace tb
