#pragma once

#include <QKeySequence>
#include <QString>

class QAbstractItemView;
class QHBoxLayout;
class QPushButton;
class QTableView;
class QWidget;

namespace tb {

class SpecDocument;

// Shared look and keys of the spec editor's tables.
namespace tableeditor {

// Row selection, edit on double-click / F2 / typing, stretch last column, compact rows, and a
// height that follows the row count (one spare row, at least three, at most twelve: then it
// scrolls) so a short table leaves no empty box in the form.
void setUp(QTableView *view);
QPushButton *button(QWidget *parent, const QString &text, const QString &toolTip,
                    const QString &objectName);
// The view's current row, or -1.
int currentRow(const QAbstractItemView *view);
// Makes `row` current and selected (column 0); false when there is no such row.
bool selectRow(QTableView *view, int row);
// Remove needs a current row; up and down a row to swap with.
void updateRowButtons(const QAbstractItemView *view, QPushButton *remove, QPushButton *up,
                      QPushButton *down);
// `key` pressed in the view (not while a cell is being edited) triggers `slot`.
template <typename Slot> void onKey(QTableView *view, const QKeySequence &key, Slot slot);

// The buttons under a table whose rows are the elements of a spec array, in call order.
struct RowButtons
{
    QPushButton *add = nullptr;
    QPushButton *remove = nullptr;
    QPushButton *up = nullptr;
    QPushButton *down = nullptr;
};
// The buttons side by side, at the start of the line.
QHBoxLayout *buttonRow(const RowButtons &buttons);
// Add, Remove, Up and Down, clicked or pressed in the view (Insert, Delete, Alt+Up, Alt+Down),
// call `add` and the editor's removeCurrent() and moveCurrent(delta).
template <typename Editor>
void connectRowButtons(Editor *editor, void (Editor::*add)(), QTableView *view,
                       const RowButtons &buttons);
// Removes the current row's element from the array at `pointer`, as one undo step named
// `undoText`: the row to make current next (the one now in its place, else the new last), or
// -1 when there is none.
int removeCurrentElement(const QAbstractItemView *view, SpecDocument *document,
                         const QString &pointer, const QString &undoText);
// Moves the current row's element `delta` places along the array: its new row, or -1 when it
// did not move (no current row, or past either end).
int moveCurrentElement(const QAbstractItemView *view, SpecDocument *document,
                       const QString &pointer, int delta, const QString &undoText);

} // namespace tableeditor
} // namespace tb

#include <QAction>
#include <QPushButton>
#include <QTableView>

template <typename Slot>
void tb::tableeditor::onKey(QTableView *view, const QKeySequence &key, Slot slot)
{
    auto *action = new QAction(view);
    action->setShortcut(key);
    action->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(action, &QAction::triggered, view, slot);
    view->addAction(action);
}

template <typename Editor>
void tb::tableeditor::connectRowButtons(Editor *editor, void (Editor::*add)(), QTableView *view,
                                        const RowButtons &buttons)
{
    const auto addRow = [editor, add] { (editor->*add)(); };
    const auto remove = [editor] { editor->removeCurrent(); };
    const auto up = [editor] { editor->moveCurrent(-1); };
    const auto down = [editor] { editor->moveCurrent(1); };
    onKey(view, QKeySequence(Qt::Key_Insert), addRow);
    onKey(view, QKeySequence(Qt::Key_Delete), remove);
    onKey(view, QKeySequence(Qt::ALT | Qt::Key_Up), up);
    onKey(view, QKeySequence(Qt::ALT | Qt::Key_Down), down);
    QObject::connect(buttons.add, &QPushButton::clicked, editor, addRow);
    QObject::connect(buttons.remove, &QPushButton::clicked, editor, remove);
    QObject::connect(buttons.up, &QPushButton::clicked, editor, up);
    QObject::connect(buttons.down, &QPushButton::clicked, editor, down);
}
