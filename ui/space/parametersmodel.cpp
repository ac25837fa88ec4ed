#include "parametersmodel.h"

#include "document/specdocument.h"
#include "fieldcodec.h"

#include <QLocale>

#include <cmath>

namespace tb {

namespace {

const char *const kRangeKeys[] = {"start", "stop", "step"};

// start/stop/step of a range in either spelling ({"start", ...} or [start, stop, step]).
const SpecJson *rangePart(const SpecJson &range, int part)
{
    if (range.is_object()) {
        auto it = range.find(kRangeKeys[part]);
        return it == range.end() ? nullptr : &*it;
    }
    if (range.is_array() && part < int(range.size()))
        return &range[std::size_t(part)];
    return nullptr;
}

std::optional<double> numberAt(const SpecJson &range, int part, double fallback)
{
    const SpecJson *value = rangePart(range, part);
    if (!value)
        return fallback;
    return value->is_number() ? std::optional(value->get<double>()) : std::nullopt;
}

// The values a range stands for, as the loader expands it; empty when it is not well formed.
std::vector<double> expand(const SpecJson &range, std::size_t limit)
{
    const auto start = numberAt(range, 0, NAN), stop = numberAt(range, 1, NAN),
               step = numberAt(range, 2, 1);
    std::vector<double> values;
    if (!start || !stop || !step || std::isnan(*start) || std::isnan(*stop) || *step == 0)
        return values;
    const double count = std::floor((*stop - *start) / *step + 1e-9) + 1;
    for (double i = 0; i < count && values.size() < limit; ++i)
        values.push_back(*start + i * *step);
    return values;
}

QString preview(const SpecJson &range)
{
    const auto values = expand(range, 1'000'001);
    QStringList parts;
    for (std::size_t i = 0; i < values.size() && i < 6; ++i)
        parts << FieldCodec::formatNumber(FieldCodec::number(values[i]));
    if (values.size() > 7)
        parts << QStringLiteral("...")
              << FieldCodec::formatNumber(FieldCodec::number(values.back()));
    else if (values.size() == 7)
        parts << FieldCodec::formatNumber(FieldCodec::number(values.back()));
    if (values.empty())
        return {};
    const QString count =
        values.size() == 1
            ? QObject::tr("1 value")
            : QObject::tr("%1 values").arg(QLocale().toString(qulonglong(values.size())));
    return QStringLiteral("%1 (%2)").arg(parts.join(QStringLiteral(", ")), count);
}

// `object` with the member `from` replaced, in place, by `to`: the user's key order stays.
SpecJson renamedMember(const SpecJson &object, const char *from, const char *to, SpecJson value)
{
    SpecJson out = SpecJson::object();
    for (const auto &[key, member] : object.items())
        out[key == from ? std::string(to) : key] = key == from ? value : member;
    return out;
}

} // namespace

ParametersModel::ParametersModel(SpecDocument *document, QObject *parent)
    : SpecTableModel(document, QStringLiteral("/parameters"), parent)
{
    sync();
}

int ParametersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ParametersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (role == Qt::DisplayRole) {
        static const char *const names[] = {QT_TR_NOOP("Name"),   QT_TR_NOOP("Kind"),
                                            QT_TR_NOOP("Values"), QT_TR_NOOP("Start"),
                                            QT_TR_NOOP("Stop"),   QT_TR_NOOP("Step")};
        return tr(names[section]);
    }
    if (role == Qt::ToolTipRole) {
        static const char *const help[] = {
            QT_TR_NOOP("Name used in expressions and passed to the kernel as a -D define"),
            QT_TR_NOOP("A list of values, or a range start, start+step, ... up to stop"),
            QT_TR_NOOP("The candidate values, e.g. 16, 32, 64"),
            QT_TR_NOOP("First value of the range"),
            QT_TR_NOOP("Last value (included)"),
            QT_TR_NOOP("Step between values (default 1, may be negative)")};
        return tr(help[section]);
    }
    return {};
}

SpecJson ParametersModel::parameter(int row) const
{
    return document()->value(rowPointer(row));
}

bool ParametersModel::isRange(int row) const
{
    const SpecJson item = parameter(row);
    return item.is_object() && item.contains("range") && !item.contains("values");
}

QVariant ParametersModel::cellData(int row, int column, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    const SpecJson item = parameter(row);
    if (!item.is_object())
        return column == Name ? QString::fromStdString(item.dump()) : QString();
    const bool range = isRange(row);
    switch (column) {
    case Name:
        return FieldCodec::format(FieldCodec::Kind::Text,
                                  item.contains("name") ? &item["name"] : nullptr);
    case Kind:
        return range ? rangeText() : listText();
    case Values:
        if (range)
            return role == Qt::DisplayRole ? preview(item["range"]) : QVariant();
        return FieldCodec::format(FieldCodec::Kind::NumberList,
                                  item.contains("values") ? &item["values"] : nullptr);
    default:
        if (!range)
            return {};
        const SpecJson *part = rangePart(item["range"], column - Start);
        if (!part && column == Step)
            return role == Qt::DisplayRole ? QStringLiteral("1") : QString();
        return part ? FieldCodec::formatNumber(*part) : QString();
    }
}

QString ParametersModel::cellPointer(int row, int column) const
{
    const QString base = rowPointer(row);
    switch (column) {
    case Name:
        return jsonpointer::child(base, "name");
    case Values:
        return jsonpointer::child(base, isRange(row) ? "range" : "values");
    case Start:
    case Stop:
    case Step: {
        if (!isRange(row))
            return {};
        const QString range = jsonpointer::child(base, "range");
        return parameter(row)["range"].is_array()
                   ? jsonpointer::child(range, column - Start)
                   : jsonpointer::child(range, kRangeKeys[column - Start]);
    }
    default:
        return {};
    }
}

bool ParametersModel::isCellEditable(int row, int column) const
{
    switch (column) {
    case Name:
    case Kind:
        return true;
    case Values:
        return !isRange(row);
    default:
        return isRange(row);
    }
}

bool ParametersModel::setCell(int row, int column, const QVariant &value, int)
{
    const QString text = value.toString();
    switch (column) {
    case Name:
        return document()->setValue(jsonpointer::child(rowPointer(row), "name"),
                                    text.trimmed().toStdString(), SpecDocument::Merge::Separate,
                                    tr("Rename parameter"));
    case Kind:
        return setKind(row, text);
    case Values: {
        // Text that does not read as numbers is kept as typed: the validator then says why.
        const auto parsed = FieldCodec::parse(FieldCodec::Kind::NumberList, text, false);
        return document()->setValue(jsonpointer::child(rowPointer(row), "values"),
                                    parsed.ok ? *parsed.value : SpecJson(text.toStdString()),
                                    SpecDocument::Merge::Separate, tr("Edit parameter values"));
    }
    default:
        return setRangePart(row, column - Start, text);
    }
}

bool ParametersModel::setKind(int row, const QString &kind)
{
    const SpecJson item = parameter(row);
    if (!item.is_object() || (kind == rangeText()) == isRange(row))
        return kind == rangeText() || kind == listText();
    SpecJson converted;
    if (kind == rangeText()) {
        const SpecJson values = item.value("values", SpecJson::array());
        std::vector<double> numbers;
        for (const auto &v : values)
            if (v.is_number())
                numbers.push_back(v.get<double>());
        SpecJson range = {{"start", FieldCodec::number(numbers.empty() ? 1 : numbers.front())},
                          {"stop", FieldCodec::number(numbers.empty() ? 1 : numbers.back())}};
        if (numbers.size() > 1 && numbers[1] != numbers[0])
            range["step"] = FieldCodec::number(numbers[1] - numbers[0]);
        converted = renamedMember(item, "values", "range", range);
    } else {
        SpecJson values = SpecJson::array();
        for (double v : expand(item["range"], 10'000))
            values.push_back(FieldCodec::number(v));
        converted = renamedMember(item, "range", "values", values);
    }
    return document()->setValue(rowPointer(row), converted, SpecDocument::Merge::Separate,
                                tr("Make parameter a %1").arg(kind));
}

bool ParametersModel::setRangePart(int row, int part, const QString &text)
{
    SpecJson range = parameter(row)["range"];
    const auto number = FieldCodec::toNumber(text);
    const SpecJson value = number ? FieldCodec::number(*number) : SpecJson(text.toStdString());
    if (range.is_object()) {
        if (part == 2 && text.trimmed().isEmpty())
            range.erase("step"); // back to the default step
        else
            range[kRangeKeys[part]] = value;
    } else if (range.is_array() && part <= int(range.size())) {
        if (part == int(range.size()))
            range.push_back(value);
        else
            range[std::size_t(part)] = value;
    } else {
        return false;
    }
    return document()->setValue(jsonpointer::child(rowPointer(row), "range"), range,
                                SpecDocument::Merge::Separate, tr("Edit parameter range"));
}

} // namespace tb
