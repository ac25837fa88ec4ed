#include "spectablemodel.h"

#include "document/specdocument.h"
#include "errorlabel.h"

#include <QApplication>
#include <QBrush>
#include <QIcon>
#include <QStyle>

namespace tb {

SpecTableModel::SpecTableModel(SpecDocument *document, QString arrayPointer, QObject *parent)
    : QAbstractTableModel(parent), m_document(document), m_arrayPointer(std::move(arrayPointer))
{
    // Subclasses call sync() once constructed: shapeKey() is virtual.
    connect(m_document, &SpecDocument::changed, this, [this](const QString &pointer) {
        if (jsonpointer::overlaps(pointer, m_arrayPointer))
            sync();
    });
    connect(m_document, &SpecDocument::validated, this, [this] {
        if (m_rows > 0 && columnCount() > 0)
            emit dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1),
                             {Qt::ToolTipRole, Qt::ForegroundRole, Qt::DecorationRole});
    });
}

int SpecTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

QVariant SpecTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !checkIndex(index))
        return {};
    const int row = index.row();
    const int column = index.column();
    switch (role) {
    case Qt::ToolTipRole: {
        const QStringList errors = cellErrors(row, column);
        return errors.isEmpty() ? cellData(row, column, role) : errors.join(QLatin1Char('\n'));
    }
    case Qt::ForegroundRole:
        return cellErrors(row, column).isEmpty() ? QVariant() : QBrush(ErrorLabel::errorColor());
    case Qt::DecorationRole:
        if (column == 0 && !m_document->errorsUnder(rowPointer(row)).isEmpty())
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::CheckStateRole:
        return isCellCheckable(row, column) ? cellData(row, column, role) : QVariant();
    default:
        return cellData(row, column, role);
    }
}

bool SpecTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || !checkIndex(index) ||
        !(flags(index) & (Qt::ItemIsEditable | Qt::ItemIsUserCheckable)))
        return false;
    if (role != Qt::EditRole && role != Qt::CheckStateRole)
        return false;
    // The document's changed signal refreshes the views (dataChanged or a reset).
    return setCell(index.row(), index.column(), value, role);
}

Qt::ItemFlags SpecTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || !checkIndex(index))
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (isCellEditable(index.row(), index.column()))
        flags |= Qt::ItemIsEditable;
    if (isCellCheckable(index.row(), index.column()))
        flags |= Qt::ItemIsUserCheckable;
    return flags;
}

QString SpecTableModel::rowPointer(int row) const
{
    return jsonpointer::child(m_arrayPointer, row);
}

QStringList SpecTableModel::problems() const
{
    QStringList lines;
    for (const auto &line : m_document->errorsAt(m_arrayPointer))
        lines << line;
    for (int row = 0; row < m_rows; ++row) {
        const QString label = rowLabel(row);
        for (const auto &error : m_document->errorsUnder(rowPointer(row)))
            lines << QStringLiteral("%1: %2").arg(label, error);
    }
    return lines;
}

QString SpecTableModel::rowLabel(int row) const
{
    const SpecJson name = m_document->value(jsonpointer::child(rowPointer(row), "name"));
    if (name.is_string() && !name.get<std::string>().empty())
        return QString::fromStdString(name.get<std::string>());
    return tr("row %1").arg(row + 1);
}

void SpecTableModel::sync()
{
    const int rows = documentRowCount();
    const QStringList shape = shapeKey();
    if (rows != m_rows || shape != m_shape) {
        beginResetModel();
        m_rows = rows;
        m_shape = shape;
        adoptShape();
        endResetModel();
    } else if (m_rows > 0 && columnCount() > 0) {
        emit dataChanged(index(0, 0), index(m_rows - 1, columnCount() - 1));
    }
}

int SpecTableModel::documentRowCount() const
{
    const SpecJson *array = jsonpointer::find(m_document->json(), m_arrayPointer);
    return array && array->is_array() ? int(array->size()) : 0;
}

QStringList SpecTableModel::cellErrors(int row, int column) const
{
    const QString pointer = cellPointer(row, column);
    QStringList errors = pointer.isEmpty() ? QStringList() : m_document->errorsUnder(pointer);
    if (column == 0)
        errors += m_document->errorsAt(rowPointer(row)); // issues of the row as a whole
    return errors;
}

} // namespace tb
