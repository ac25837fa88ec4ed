#pragma once

#include <QStringList>
#include <QStyledItemDelegate>

namespace tb {

// Edits a table cell by picking one of fixed texts (a parameter's kind, an argument's type).
// The pick is committed at once, so one click or key choice is one edit.
class ComboDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    ComboDelegate(QStringList choices, QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;

private:
    QStringList m_choices;
};

} // namespace tb
