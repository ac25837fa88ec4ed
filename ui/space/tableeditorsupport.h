#pragma once

#include <QKeySequence>
#include <QString>

class QAbstractItemView;
class QPushButton;
class QTableView;
class QWidget;

namespace tb {

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

} // namespace tableeditor
} // namespace tb

#include <QAction>
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
