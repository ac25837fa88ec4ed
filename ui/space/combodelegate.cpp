#include "combodelegate.h"

#include <QComboBox>

namespace tb {

ComboDelegate::ComboDelegate(QStringList choices, QObject *parent)
    : QStyledItemDelegate(parent), m_choices(std::move(choices))
{}

QWidget *ComboDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &,
                                     const QModelIndex &) const
{
    auto *combo = new QComboBox(parent);
    combo->addItems(m_choices);
    auto *self = const_cast<ComboDelegate *>(this); // commitData is a signal of this delegate
    connect(combo, &QComboBox::activated, self, [self, combo] {
        emit self->commitData(combo);
        emit self->closeEditor(combo);
    });
    return combo;
}

void ComboDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *combo = static_cast<QComboBox *>(editor);
    combo->setCurrentIndex(m_choices.indexOf(index.data(Qt::EditRole).toString()));
}

void ComboDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                 const QModelIndex &index) const
{
    const auto *combo = static_cast<QComboBox *>(editor);
    if (combo->currentIndex() >= 0)
        model->setData(index, combo->currentText(), Qt::EditRole);
}

} // namespace tb
