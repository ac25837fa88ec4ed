#pragma once

#include "jsonpointer.h"

#include <QUndoCommand>

#include <optional>

namespace tb {

class SpecDocument;

// One undoable edit of a SpecDocument: the value at a JSON pointer goes from `before` to
// `after`, where nullopt means "no such key" (a field added or removed). Array edits (insert,
// remove, move an element) replace the whole array, so one command type covers every edit and
// undo restores the document exactly, key order and unknown fields included.
//
// Consecutive typing in one field merges into one step: commands with the same pointer and the
// same non-negative typing session merge; a merge that ends where it began drops the step.
class SpecEditCommand : public QUndoCommand
{
public:
    SpecEditCommand(SpecDocument *document, QString pointer, std::optional<SpecJson> before,
                    std::optional<SpecJson> after, int typingSession, const QString &text);

    void undo() override;
    void redo() override;
    int id() const override { return 0x7b5e; }
    bool mergeWith(const QUndoCommand *other) override;

    const QString &pointer() const { return m_pointer; }

private:
    SpecDocument *m_document;
    QString m_pointer;
    std::optional<SpecJson> m_before;
    std::optional<SpecJson> m_after;
    int m_typingSession; // -1: never merges
};

} // namespace tb
