#include "elementrows.h"

#include "document/specdocument.h"

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

} // namespace tb::elementrows
