#pragma once

#include <QLineEdit>

namespace tb {

// A line edit of the spec editor. Its own undo (Ctrl+Z inside the field) would bypass the
// document's history, so it leaves Undo and Redo to the window's shortcuts: one history for
// every edit, and a field refreshes from the document when an undo reaches it.
class FieldLineEdit : public QLineEdit
{
    Q_OBJECT
public:
    explicit FieldLineEdit(QWidget *parent = nullptr);

protected:
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
};

} // namespace tb
