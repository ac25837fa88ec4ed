#include "resultrowtext.h"

#include "model/measurementcaveats.h"

#include <QStringList>

#include <cmath>

namespace tb::resultrow {

QString stateText(const Result &result)
{
    const std::string_view name = stateName(result);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

bool measured(const ResultEvent &event)
{
    return event.result.status == ResultStatus::Ok && event.result.summary.count > 0;
}

std::optional<double> sumOf(const Result &result, std::initializer_list<const char *> keys)
{
    std::optional<double> sum;
    for (const char *key : keys)
        if (const auto value = result.resource(key))
            sum = sum.value_or(0) + *value;
    return sum;
}

double rankedObjective(const ResultEvent &event)
{
    return measured(event) ? event.objective : std::nan("");
}

bool hasCaveats(const ResultEvent &event)
{
    return event.result.status == ResultStatus::Ok && !measurementCaveats(event.result).empty();
}

QVariant toolTip(const ResultEvent &event)
{
    if (!event.result.message.empty())
        return QString::fromStdString(event.result.message);
    QStringList lines;
    for (const std::string &caveat : measurementCaveats(event.result))
        lines << QString::fromStdString(caveat);
    return lines.isEmpty() ? QVariant() : QVariant(lines.join('\n'));
}

QString firstLine(const std::string &message)
{
    const QString text = QString::fromStdString(message);
    const qsizetype end = text.indexOf(QLatin1Char('\n'));
    return end < 0 ? text : text.left(end);
}

} // namespace tb::resultrow
