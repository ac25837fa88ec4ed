#pragma once

#include <QList>
#include <QString>
#include <QVBoxLayout>

class QPushButton;
class QToolButton;
class QWidget;

namespace tb {

class SpecDocument;

// The spec editor's lists shown as one row of fields per array element (constraints, metrics):
// the rows follow the array's length, and each row has a button that removes its element.
namespace elementrows {

// Lays out `rows` above a line holding the add button, at the start of `layout`'s free space.
void addRowsAndButton(QVBoxLayout *layout, QVBoxLayout *rows, QPushButton *add);

// How many elements the array at `pointer` holds (0 when there is none, or no array).
int count(const SpecDocument *document, const QString &pointer);

// A discard button in `row` that removes element `index` of the array at `pointer`, as one
// undo step named `undoText`.
QToolButton *removeButton(QWidget *row, SpecDocument *document, const QString &pointer, int index,
                          const QString &toolTip, const QString &undoText);

// Before `row` goes: if it holds the keyboard focus, hands the focus to the row above it (its
// first field) or else to `owner`, so that it stays on the page. Undo and Redo are the page's
// shortcuts: with the focus gone with the row (an undone "Add"), the next Ctrl+Z did nothing.
void keepFocusOnPage(QWidget *row, QWidget *above, QWidget *owner);

// Keeps one row per element of the array at `pointer`: the rows past its end go (with their
// widgets), and rows made by `make(index)` are appended to `layout` until every element has
// one. Rows are made once per index: a row edits whatever element sits at its index.
template <typename Row, typename Make>
void sync(QList<Row> &rows, const SpecDocument *document, const QString &pointer,
          QVBoxLayout *layout, Make make)
{
    const int wanted = count(document, pointer);
    while (rows.size() > wanted) {
        QWidget *gone = rows.takeLast().widget;
        keepFocusOnPage(gone, rows.isEmpty() ? nullptr : rows.last().widget,
                        layout->parentWidget());
        delete gone;
    }
    while (rows.size() < wanted) {
        rows.append(make(int(rows.size())));
        layout->addWidget(rows.last().widget);
    }
}

} // namespace elementrows
} // namespace tb
