#pragma once

#include "spectablemodel.h"

namespace tb {

// The kernel's arguments in call order: name, kind (buffer or scalar), element type, the size
// expression of a buffer or the value expression of a scalar, and whether a buffer is an
// output compared against the reference. A buffer's initial contents are edited beside the
// table (BufferInitEditor).
class ArgumentsModel : public SpecTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Kind,
        Type,
        SizeOrValue,
        Output,
        ColumnCount
    };

    explicit ArgumentsModel(SpecDocument *document, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // The row's kind ("buffer" when the spec leaves it out).
    QString kindOf(int row) const;
    bool isBuffer(int row) const;
    // Buffers and constants have a size and an init; scalars a value.
    bool hasElements(int row) const;
    static QStringList kinds();
    static QStringList types();

protected:
    QVariant cellData(int row, int column, int role) const override;
    QString cellPointer(int row, int column) const override;
    bool isCellEditable(int row, int column) const override;
    bool isCellCheckable(int row, int column) const override;
    bool setCell(int row, int column, const QVariant &value, int role) override;

private:
    bool setKind(int row, const QString &kind);
};

} // namespace tb
