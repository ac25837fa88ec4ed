#include "argumentsmodel.h"

#include "document/specdocument.h"
#include "fieldcodec.h"

namespace tb {

ArgumentsModel::ArgumentsModel(SpecDocument *document, QObject *parent)
    : SpecTableModel(document, QStringLiteral("/arguments"), parent)
{
    sync();
}

QStringList ArgumentsModel::kinds()
{
    return {QStringLiteral("buffer"), QStringLiteral("scalar")};
}

QStringList ArgumentsModel::types()
{
    return {QStringLiteral("float32"), QStringLiteral("float64"), QStringLiteral("int8"),
            QStringLiteral("int16"),   QStringLiteral("int32"),   QStringLiteral("int64"),
            QStringLiteral("uint8"),   QStringLiteral("uint16"),  QStringLiteral("uint32"),
            QStringLiteral("uint64")};
}

int ArgumentsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ArgumentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        static const char *const names[] = {QT_TR_NOOP("Name"), QT_TR_NOOP("Kind"),
                                            QT_TR_NOOP("Type"), QT_TR_NOOP("Size / value"),
                                            QT_TR_NOOP("Output")};
        return tr(names[section]);
    }
    if (role == Qt::ToolTipRole) {
        static const char *const help[] = {
            QT_TR_NOOP("Argument name (unique)"),
            QT_TR_NOOP("buffer: a device array; scalar: a value passed directly"),
            QT_TR_NOOP("Element type"),
            QT_TR_NOOP("Buffer: element count; scalar: the value. An expression of problem "
                       "sizes and parameters"),
            QT_TR_NOOP("Compared against the reference configuration's result")};
        return tr(help[section]);
    }
    return {};
}

bool ArgumentsModel::isBuffer(int row) const
{
    const SpecJson kind = document()->value(jsonpointer::child(rowPointer(row), "kind"));
    return kind.is_null() || kind == "buffer";
}

QVariant ArgumentsModel::cellData(int row, int column, int role) const
{
    if (role == Qt::CheckStateRole) {
        const SpecJson output = document()->value(cellPointer(row, column));
        return output.is_boolean() && output.get<bool>() ? Qt::Checked : Qt::Unchecked;
    }
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const SpecJson *value = jsonpointer::find(document()->json(), cellPointer(row, column));
    switch (column) {
    case Kind:
        return value ? FieldCodec::format(FieldCodec::Kind::Text, value) : kinds().first();
    case Type:
        return value ? FieldCodec::format(FieldCodec::Kind::Text, value) : types().first();
    case Output:
        return {};
    default:
        return FieldCodec::format(FieldCodec::Kind::Expression, value);
    }
}

QString ArgumentsModel::cellPointer(int row, int column) const
{
    static const char *const keys[] = {"name", "kind", "type", nullptr, "output"};
    if (column == SizeOrValue)
        return jsonpointer::child(rowPointer(row), isBuffer(row) ? "size" : "value");
    return jsonpointer::child(rowPointer(row), keys[column]);
}

bool ArgumentsModel::isCellEditable(int row, int column) const
{
    return column != Output && document()->value(rowPointer(row)).is_object();
}

bool ArgumentsModel::isCellCheckable(int row, int column) const
{
    return column == Output && isBuffer(row);
}

bool ArgumentsModel::setCell(int row, int column, const QVariant &value, int role)
{
    const QString pointer = cellPointer(row, column);
    if (column == Output && role == Qt::CheckStateRole) {
        if (value.toInt() == Qt::Checked)
            return document()->setValue(pointer, true, SpecDocument::Merge::Separate,
                                        tr("Mark output"));
        // Not an output is the default: drop the key rather than write false.
        return !document()->contains(pointer) ||
               document()->removeValue(pointer, SpecDocument::Merge::Separate, tr("Unmark output"));
    }
    if (column == Kind)
        return setKind(row, value.toString());
    const QString text = column == Name ? value.toString().trimmed() : value.toString();
    return document()->setValue(pointer, text.toStdString(), SpecDocument::Merge::Separate,
                                tr("Edit argument"));
}

bool ArgumentsModel::setKind(int row, const QString &kind)
{
    const SpecJson item = document()->value(rowPointer(row));
    if (!kinds().contains(kind) || (kind == kinds().first()) == isBuffer(row))
        return kinds().contains(kind);
    // Keep what both kinds have (name, type, unknown keys); swap size/init/output for value.
    SpecJson converted = SpecJson::object();
    for (const auto &[key, member] : item.items()) {
        if (key != "size" && key != "init" && key != "output" && key != "value")
            converted[key] = member;
    }
    converted["kind"] = kind.toStdString();
    if (kind == kinds().first())
        converted["size"] = item.value("value", SpecJson("1"));
    else
        converted["value"] = item.value("size", SpecJson("0"));
    return document()->setValue(rowPointer(row), converted, SpecDocument::Merge::Separate,
                                tr("Make argument a %1").arg(kind));
}

} // namespace tb
