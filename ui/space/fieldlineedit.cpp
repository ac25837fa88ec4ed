#include "fieldlineedit.h"

#include <QKeyEvent>

namespace tb {

namespace {

bool isUndoOrRedo(const QKeyEvent *event)
{
    return event->matches(QKeySequence::Undo) || event->matches(QKeySequence::Redo);
}

} // namespace

FieldLineEdit::FieldLineEdit(QWidget *parent) : QLineEdit(parent)
{
    setClearButtonEnabled(false);
}

bool FieldLineEdit::event(QEvent *event)
{
    // Not overriding the shortcut lets the document's Undo/Redo actions take the key.
    if (event->type() == QEvent::ShortcutOverride &&
        isUndoOrRedo(static_cast<QKeyEvent *>(event))) {
        event->ignore();
        return false;
    }
    return QLineEdit::event(event);
}

void FieldLineEdit::keyPressEvent(QKeyEvent *event)
{
    if (isUndoOrRedo(event)) {
        event->ignore(); // no action took it: do nothing rather than the line edit's own undo
        return;
    }
    QLineEdit::keyPressEvent(event);
}

} // namespace tb
