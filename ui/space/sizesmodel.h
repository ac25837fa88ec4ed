#pragma once

#include "spectablemodel.h"

namespace tb {

// The problem sizes as a table: one row per size, one column per size variable (the keys of
// the first size, in document order). Each size is tuned separately.
class SizesModel : public SpecTableModel
{
    Q_OBJECT
public:
    explicit SizesModel(SpecDocument *document, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    QStringList variables() const { return m_variables; }

protected:
    QVariant cellData(int row, int column, int role) const override;
    QString cellPointer(int row, int column) const override;
    bool isCellEditable(int, int) const override { return true; }
    bool setCell(int row, int column, const QVariant &value, int role) override;
    QString rowLabel(int row) const override;
    QStringList shapeKey() const override;
    void adoptShape() override;

private:
    QStringList m_variables;
};

} // namespace tb
