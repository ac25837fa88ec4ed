#include "sizesmodel.h"

#include "document/specdocument.h"
#include "fieldcodec.h"
#include "specnames.h"

namespace tb {

SizesModel::SizesModel(SpecDocument *document, QObject *parent)
    : SpecTableModel(document, QStringLiteral("/problem_sizes"), parent)
{
    sync();
}

int SizesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_variables.size());
}

QVariant SizesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (section < 0 || section >= m_variables.size())
        return {};
    if (role == Qt::DisplayRole)
        return m_variables.at(section);
    if (role == Qt::ToolTipRole)
        return tr("Size variable %1: usable in every expression").arg(m_variables.at(section));
    return {};
}

QVariant SizesModel::cellData(int row, int column, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const SpecJson *value = jsonpointer::find(document()->json(), cellPointer(row, column));
    return value ? FieldCodec::formatNumber(*value) : QString();
}

QString SizesModel::cellPointer(int row, int column) const
{
    return jsonpointer::child(rowPointer(row), m_variables.value(column));
}

bool SizesModel::setCell(int row, int column, const QVariant &value, int)
{
    // A size that does not read as a number is kept as typed: the validator says why.
    const QString text = value.toString();
    const auto number = FieldCodec::toNumber(text);
    const SpecJson json = number ? FieldCodec::number(*number) : SpecJson(text.toStdString());
    if (!document()->value(rowPointer(row)).is_object())
        return false;
    return document()->setValue(cellPointer(row, column), json, SpecDocument::Merge::Separate,
                                tr("Edit problem size"));
}

QString SizesModel::rowLabel(int row) const
{
    return tr("size %1").arg(row + 1);
}

QStringList SizesModel::shapeKey() const
{
    return specnames::sizes(document()->json());
}

void SizesModel::adoptShape()
{
    m_variables = shapeKey();
}

} // namespace tb
