#include "resultrowtext.h"

#include "measure/roundagreement.h"
#include "model/failurehint.h"
#include "model/measurementcaveats.h"
#include "models/enginetext.h"

#include <QObject>
#include <QStringList>

#include <cmath>

namespace tb::resultrow {

QString stateText(const Result &result)
{
    return viewText(stateName(result));
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

QStringList caveats(const ResultEvent &event, double roundsAgreeWithin)
{
    QStringList lines;
    if (event.result.status != ResultStatus::Ok)
        return lines;
    for (const std::string &caveat : measurementCaveats(event.result))
        lines << QString::fromStdString(caveat);
    if (const std::string rounds = roundsDisagreementCaveat(event.roundMedians, roundsAgreeWithin);
        !rounds.empty())
        lines << QString::fromStdString(rounds);
    return lines;
}

bool hasCaveats(const ResultEvent &event, double roundsAgreeWithin)
{
    return !caveats(event, roundsAgreeWithin).isEmpty();
}

QString hintLine(const std::string &message)
{
    const std::string_view hint = failureHint(message);
    return hint.empty() ? QString() : QObject::tr("Hint: %1").arg(viewText(hint));
}

QVariant toolTip(const ResultEvent &event, double roundsAgreeWithin)
{
    if (!event.result.message.empty()) {
        const QString hint = hintLine(event.result.message);
        const QString message = QString::fromStdString(event.result.message);
        return hint.isEmpty() ? message : message + QLatin1Char('\n') + hint;
    }
    const QStringList lines = caveats(event, roundsAgreeWithin);
    return lines.isEmpty() ? QVariant() : QVariant(lines.join('\n'));
}

QString firstLine(const std::string &message)
{
    const QString text = QString::fromStdString(message);
    const qsizetype end = text.indexOf(QLatin1Char('\n'));
    return end < 0 ? text : text.left(end);
}

} // namespace tb::resultrow
