#pragma once

#include <QObject>
#include <QStringList>

#include <functional>

class QWidget;

namespace tb {

class SpecPages;
class UnsavedChanges;

// File > New spec from kernel...: a Triton kernel file opens as a starting spec in the Space
// page, unsaved, under the first free <kernel>.json name beside the kernel (Save spec writes
// it). The engine makes it (tasks/tritonkernelfile.h: what `tunebench-cli new-spec` runs), off
// the GUI thread; the guesses it made are shown for the user to check. A file of several
// @triton.jit functions asks which one; edits of the spec open are offered for saving first.
class NewSpecFromKernel : public QObject
{
    Q_OBJECT
public:
    // Picks one of the file's kernels; an empty answer cancels. Tests inject their own.
    using EntryPrompt = std::function<QString(QWidget *parent, const QStringList &kernels)>;

    NewSpecFromKernel(SpecPages *pages, UnsavedChanges *unsaved, QWidget *window);

    void setEntryPrompt(EntryPrompt prompt) { m_entryPrompt = std::move(prompt); }

public slots:
    // Asks for a kernel file, then open()s it.
    void choose();
    // Makes the starting spec of `kernelPath`'s kernel (`entry`, or the only one) and opens it.
    void open(const QString &kernelPath, const QString &entry = {});

signals:
    // The starting spec is open in the Space page; `guesses` lists what to check in it.
    void opened(const QString &specPath, const QString &guesses);
    // Why it could not be made (no file, no Triton, a decorator it cannot read, ...).
    void failed(const QString &title, const QString &text);

private:
    struct Draft;
    void finish(const Draft &draft, const QString &kernelPath);

    static QString askWithInputDialog(QWidget *parent, const QStringList &kernels);

    SpecPages *m_pages;
    UnsavedChanges *m_unsaved;
    QWidget *m_window;
    EntryPrompt m_entryPrompt;
};

} // namespace tb
