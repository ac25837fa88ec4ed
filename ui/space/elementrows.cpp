#include "elementrows.h"

#include "document/specdocument.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace tb::elementrows {

void addRowsAndButton(QVBoxLayout *layout, QVBoxLayout *rows, QPushButton *add)
{
    rows->setSpacing(4);
    layout->addLayout(rows);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addStretch();
    layout->addLayout(buttons);
}

int count(const SpecDocument *document, const QString &pointer)
{
    const SpecJson list = document->value(pointer);
    return list.is_array() ? int(list.size()) : 0;
}

QToolButton *removeButton(QWidget *row, SpecDocument *document, const QString &pointer, int index,
                          const QString &toolTip, const QString &undoText)
{
    auto *button = new QToolButton(row);
    button->setIcon(row->style()->standardIcon(QStyle::SP_DialogDiscardButton));
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    QObject::connect(button, &QToolButton::clicked, document, [document, pointer, index, undoText] {
        document->removeElement(pointer, index, undoText);
    });
    return button;
}

void keepFocusOnPage(QWidget *row, QWidget *above, QWidget *owner)
{
    QWidget *focus = QApplication::focusWidget();
    if (!focus || (focus != row && !row->isAncestorOf(focus)))
        return;
    if (above) {
        for (QWidget *child : above->findChildren<QWidget *>()) {
            if ((child->focusPolicy() & Qt::TabFocus) && child->isVisibleTo(above)) {
                child->setFocus(Qt::OtherFocusReason);
                return;
            }
        }
    }
    if (owner)
        owner->setFocus(Qt::OtherFocusReason);
}

} // namespace tb::elementrows
