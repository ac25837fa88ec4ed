#include "tableeditorsupport.h"

#include "document/specdocument.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QScrollBar>

#include <algorithm>

namespace tb::tableeditor {

namespace {

void fitHeight(QTableView *view)
{
    const int rows = std::clamp(view->model() ? view->model()->rowCount() + 1 : 3, 3, 12);
    const int height = view->horizontalHeader()->sizeHint().height() +
                       rows * view->verticalHeader()->defaultSectionSize() +
                       2 * view->frameWidth() + view->horizontalScrollBar()->sizeHint().height();
    view->setFixedHeight(height);
}

} // namespace

void setUp(QTableView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                          QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 10);
    view->setAlternatingRowColors(true);
    fitHeight(view);
    if (QAbstractItemModel *model = view->model()) {
        const auto fit = [view] { fitHeight(view); };
        QObject::connect(model, &QAbstractItemModel::modelReset, view, fit);
        QObject::connect(model, &QAbstractItemModel::rowsInserted, view, fit);
        QObject::connect(model, &QAbstractItemModel::rowsRemoved, view, fit);
    }
}

int currentRow(const QAbstractItemView *view)
{
    const QModelIndex current = view->currentIndex();
    return current.isValid() ? current.row() : -1;
}

bool selectRow(QTableView *view, int row)
{
    if (row < 0 || row >= view->model()->rowCount())
        return false;
    view->setCurrentIndex(view->model()->index(row, 0));
    view->selectRow(row);
    return true;
}

void updateRowButtons(const QAbstractItemView *view, QPushButton *remove, QPushButton *up,
                      QPushButton *down)
{
    const int row = currentRow(view);
    remove->setEnabled(row >= 0);
    up->setEnabled(row > 0);
    down->setEnabled(row >= 0 && row + 1 < view->model()->rowCount());
}

QPushButton *button(QWidget *parent, const QString &text, const QString &toolTip,
                    const QString &objectName)
{
    auto *button = new QPushButton(text, parent);
    button->setToolTip(toolTip);
    button->setObjectName(objectName);
    return button;
}

QHBoxLayout *buttonRow(const RowButtons &buttons)
{
    auto *row = new QHBoxLayout;
    for (QPushButton *button : {buttons.add, buttons.remove, buttons.up, buttons.down}) {
        if (button)
            row->addWidget(button);
    }
    row->addStretch();
    return row;
}

int removeCurrentElement(const QAbstractItemView *view, SpecDocument *document,
                         const QString &pointer, const QString &undoText)
{
    const int row = currentRow(view);
    if (row < 0)
        return -1;
    document->removeElement(pointer, row, undoText);
    return std::min(row, view->model()->rowCount() - 1);
}

int moveCurrentElement(const QAbstractItemView *view, SpecDocument *document,
                       const QString &pointer, int delta, const QString &undoText)
{
    const int row = currentRow(view);
    if (row < 0 || !document->moveElement(pointer, row, row + delta, undoText))
        return -1;
    return row + delta;
}

} // namespace tb::tableeditor
