#include "argumentsmodel.h"

#include "document/specdocument.h"
#include "fieldcodec.h"
#include "model/spec.h"

namespace tb {

ArgumentsModel::ArgumentsModel(SpecDocument *document, QObject *parent)
    : SpecTableModel(document, QStringLiteral("/arguments"), parent)
{
    sync();
}

QStringList ArgumentsModel::kinds()
{
    return {QStringLiteral("buffer"), QStringLiteral("scalar"), QStringLiteral("constant")};
}

QStringList ArgumentsModel::types()
{
    QStringList names;
    for (ElementType type : allElementTypes())
        names << QString::fromLatin1(toString(type));
    return names;
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
            QT_TR_NOOP("buffer: a device array; scalar: a value passed directly; constant "
                       "(cuda): a __constant__ array of that name, filled before the kernel "
                       "runs"),
            QT_TR_NOOP("Element type"),
            QT_TR_NOOP("Buffer, constant: element count; scalar: the value. An expression of "
                       "problem sizes and parameters"),
            QT_TR_NOOP("Compared against the reference configuration's result")};
        return tr(help[section]);
    }
    return {};
}

QString ArgumentsModel::kindOf(int row) const
{
    const SpecJson kind = document()->value(jsonpointer::child(rowPointer(row), "kind"));
    return kind.is_string() ? QString::fromStdString(kind.get<std::string>()) : kinds().first();
}

bool ArgumentsModel::isBuffer(int row) const
{
    return kindOf(row) == QStringLiteral("buffer");
}

bool ArgumentsModel::hasElements(int row) const
{
    return kindOf(row) != QStringLiteral("scalar");
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
        return jsonpointer::child(rowPointer(row), hasElements(row) ? "size" : "value");
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
    const QString current = kindOf(row);
    if (!kinds().contains(kind) || kind == current)
        return kinds().contains(kind);
    // Keep what both kinds have (name, type, unknown keys; a buffer's and a constant's size and
    // init); a scalar's value becomes a size and back; only a buffer is an output.
    SpecJson converted = SpecJson::object();
    for (const auto &[key, member] : item.items()) {
        if (key != "size" && key != "init" && key != "output" && key != "value")
            converted[key] = member;
    }
    converted["kind"] = kind.toStdString();
    const bool hadElements = current != QStringLiteral("scalar");
    if (kind == QStringLiteral("scalar")) {
        converted["value"] = item.value("size", SpecJson("0"));
    } else if (!hadElements) {
        converted["size"] = item.value("value", SpecJson("1"));
    } else {
        converted["size"] = item.value("size", SpecJson("1"));
        if (item.contains("init"))
            converted["init"] = item["init"];
        if (kind == QStringLiteral("buffer") && item.contains("output"))
            converted["output"] = item["output"];
    }
    return document()->setValue(rowPointer(row), converted, SpecDocument::Merge::Separate,
                                tr("Make argument a %1").arg(kind));
}

} // namespace tb
