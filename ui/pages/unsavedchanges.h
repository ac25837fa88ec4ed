#pragma once

#include <QMessageBox>
#include <QStringList>
#include <QVector>

#include <functional>

namespace tb {

class Savable;

// The main window's guard against losing edits: it knows every registered Savable and, before
// the window closes or the workspace changes, asks the user what to do with those modified:
// Save (each is saved; a failed save, which its page reports, stops the action), Discard, or
// Cancel.
class UnsavedChanges
{
public:
    // Asks about documents (by name); returns Save, Discard or Cancel. Tests inject their own.
    using Prompt =
        std::function<QMessageBox::StandardButton(QWidget *parent, const QStringList &documents)>;

    UnsavedChanges();

    void add(Savable *savable);
    void remove(Savable *savable);
    QStringList modifiedDocuments() const;
    void setPrompt(Prompt prompt) { m_prompt = std::move(prompt); }

    // True when the caller may go on: nothing modified, everything saved, or the user chose
    // to discard. False on Cancel or when a save failed.
    bool resolve(QWidget *parent);

    // The default prompt: a modal QMessageBox with Save / Discard / Cancel.
    static QMessageBox::StandardButton askWithMessageBox(QWidget *parent,
                                                         const QStringList &documents);

private:
    QVector<Savable *> m_savables;
    Prompt m_prompt;
};

} // namespace tb
