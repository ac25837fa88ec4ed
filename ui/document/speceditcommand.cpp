#include "speceditcommand.h"

#include "specdocument.h"

namespace tb {

SpecEditCommand::SpecEditCommand(SpecDocument *document, QString pointer,
                                 std::optional<SpecJson> before, std::optional<SpecJson> after,
                                 int typingSession, const QString &text)
    : QUndoCommand(text), m_document(document), m_pointer(std::move(pointer)),
      m_before(std::move(before)), m_after(std::move(after)), m_typingSession(typingSession)
{}

void SpecEditCommand::undo()
{
    m_document->applyEdit(m_pointer, m_before);
}

void SpecEditCommand::redo()
{
    m_document->applyEdit(m_pointer, m_after);
}

bool SpecEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *edit = dynamic_cast<const SpecEditCommand *>(other);
    if (!edit || m_typingSession < 0 || edit->m_typingSession != m_typingSession ||
        !jsonpointer::isUnder(edit->m_pointer, m_pointer))
        return false;
    // The other edit has been applied already: the document now holds the merged result
    // (typing into a field this step created lands below this step's pointer).
    m_after = m_document->contains(m_pointer) ? std::optional(m_document->value(m_pointer))
                                              : std::nullopt;
    setObsolete(m_after == m_before); // typed and then deleted again: nothing to undo
    return true;
}

} // namespace tb
