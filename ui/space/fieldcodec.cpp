#include "fieldcodec.h"

#include <QLocale>
#include <QRegularExpression>
#include <QStringList>

#include <cmath>

namespace tb {

namespace {

QString formatList(const SpecJson &list, const QString &separator)
{
    QStringList parts;
    for (const auto &item : list)
        parts << (item.is_string() ? QString::fromStdString(item.get<std::string>())
                                   : FieldCodec::formatNumber(item));
    return parts.join(separator);
}

FieldCodec::Parsed failed(const QString &error)
{
    return {false, std::nullopt, error};
}

FieldCodec::Parsed parseNumberList(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    SpecJson list = SpecJson::array();
    for (const auto &part : text.split(separators, Qt::SkipEmptyParts)) {
        const auto number = FieldCodec::toNumber(part);
        if (!number)
            return failed(QObject::tr("'%1' is not a number").arg(part));
        list.push_back(FieldCodec::number(*number));
    }
    return {true, list, {}};
}

} // namespace

SpecJson FieldCodec::number(double value)
{
    if (std::nearbyint(value) == value && std::fabs(value) < 9.0e15)
        return static_cast<std::int64_t>(value);
    return value;
}

std::optional<double> FieldCodec::toNumber(const QString &text)
{
    bool ok = false;
    const double value = QLocale::c().toDouble(text.trimmed(), &ok);
    return ok && std::isfinite(value) ? std::optional(value) : std::nullopt;
}

QString FieldCodec::formatNumber(const SpecJson &value)
{
    if (value.is_number_float()) {
        const double number = value.get<double>();
        if (std::nearbyint(number) == number && std::fabs(number) < 9.0e15)
            return QString::number(static_cast<qint64>(number));
    }
    return value.is_string() ? QString::fromStdString(value.get<std::string>())
                             : QString::fromStdString(value.dump());
}

QString FieldCodec::format(Kind kind, const SpecJson *value)
{
    if (!value || value->is_null())
        return {};
    if (value->is_string())
        return QString::fromStdString(value->get<std::string>());
    if ((kind == Kind::NumberList || kind == Kind::Words) && value->is_array())
        return formatList(*value, kind == Kind::Words ? QStringLiteral(" ") : QStringLiteral(", "));
    return formatNumber(*value);
}

FieldCodec::Parsed FieldCodec::parse(Kind kind, const QString &text, bool optional)
{
    const QString trimmed = text.trimmed();
    if (optional && trimmed.isEmpty())
        return {true, std::nullopt, {}};
    switch (kind) {
    case Kind::Text:
    case Kind::Expression:
        return {true, SpecJson(text.toStdString()), {}};
    case Kind::Number:
    case Kind::Integer: {
        if (trimmed.isEmpty())
            return failed(QObject::tr("a number is needed"));
        const auto value = toNumber(trimmed);
        if (!value)
            return failed(QObject::tr("'%1' is not a number").arg(trimmed));
        if (kind == Kind::Integer && std::nearbyint(*value) != *value)
            return failed(QObject::tr("'%1' is not a whole number").arg(trimmed));
        return {true, number(*value), {}};
    }
    case Kind::NumberList:
        return parseNumberList(text);
    case Kind::Words: {
        SpecJson words = SpecJson::array();
        for (const auto &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            words.push_back(word.toStdString());
        return {true, words, {}};
    }
    }
    return failed(QStringLiteral("unknown field kind"));
}

bool FieldCodec::matches(Kind kind, const QString &text, const SpecJson *value, bool optional)
{
    const Parsed parsed = parse(kind, text, optional);
    if (parsed.ok && parsed.value == (value ? std::optional(*value) : std::nullopt))
        return true;
    return format(kind, value) == text;
}

} // namespace tb
