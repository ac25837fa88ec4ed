#pragma once

#include <QMessageBox>
#include <QObject>
#include <QStringList>

#include <functional>

namespace tb {

class RunForm;
class Savable;
class SpecPages;
class UnsavedChanges;

// Ties the spec the Run form runs to the one the Space and Kernel pages edit, and makes a run
// start from what the user sees:
// - The two follow each other: a new spec path in the form opens that spec in the pages (after
//   the unsaved-changes prompt when they hold edits; Cancel puts the form's path back), and a
//   spec opened or saved under another name in the pages becomes the form's. Both sides ignore
//   a path they already have, so following never loops.
// - Start with unsaved edits of the spec being run, or of its kernel, asks "Save and run" or
//   Cancel; Save writes them (a failed save, which its page reports, starts nothing) and the
//   run loads the saved files.
// - Start while the Space page shows problems in the spec being run refuses ("fix the spec
//   first"), saving nothing: an invalid spec is never written over the user's file.
class SpecRunLink : public QObject
{
    Q_OBJECT
public:
    // Returns Save (save, then run) or Cancel. Tests inject their own.
    using Prompt =
        std::function<QMessageBox::StandardButton(QWidget *parent, const QStringList &documents)>;

    SpecRunLink(RunForm *form, SpecPages *pages, UnsavedChanges *unsaved, QWidget *window);

    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }

    // The unsaved documents that belong to the spec the form names (names for the prompt).
    QStringList editedRunDocuments() const;
    // The form's start guard: true when the run may start.
    bool prepareRun();

    // The default prompt: a modal message box with "Save and Run" and Cancel.
    static QMessageBox::StandardButton askWithMessageBox(QWidget *parent,
                                                         const QStringList &documents);
    // Whether two spec paths name the same file.
    static bool sameFile(const QString &a, const QString &b);

signals:
    // A run was not started because the user cancelled or a save failed.
    void runCancelled(const QString &reason);

private:
    void followForm(const QString &path);
    void followPages(const QString &path);
    QList<Savable *> editedRunSavables() const;
    // Why the spec being run cannot run, as the Space page's validation says; empty when it can
    // (or when the pages edit another spec).
    QString knownSpecProblem() const;

    RunForm *m_form;
    SpecPages *m_pages;
    UnsavedChanges *m_unsaved;
    QWidget *m_window;
    Prompt m_prompt;
};

} // namespace tb
