#pragma once

#include "document/jsonpointer.h"
#include "spectablemodel.h"

namespace tb {

// The parameters as a table: name, kind (list or range), the value list, or start/stop/step of
// a range. A range row shows its values too, read-only. Switching the kind converts the values
// (a list becomes the range from its first to its last value; a range its expanded values).
class ParametersModel : public SpecTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        Name,
        Kind,
        Values,
        Start,
        Stop,
        Step,
        ColumnCount
    };

    explicit ParametersModel(SpecDocument *document, QObject *parent = nullptr);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    static QString listText() { return QStringLiteral("list"); }
    static QString rangeText() { return QStringLiteral("range"); }

protected:
    QVariant cellData(int row, int column, int role) const override;
    QString cellPointer(int row, int column) const override;
    bool isCellEditable(int row, int column) const override;
    bool setCell(int row, int column, const QVariant &value, int role) override;

private:
    SpecJson parameter(int row) const;
    bool isRange(int row) const;
    bool setKind(int row, const QString &kind);
    bool setRangePart(int row, int part, const QString &text);
};

} // namespace tb
