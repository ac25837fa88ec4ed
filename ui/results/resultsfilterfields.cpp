#include "resultsfilterfields.h"

#include "models/resultsmodel.h"

#include <QStringList>

namespace tb {

namespace {

bool sameName(const QString &a, const QString &b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

// Short names for the columns whose ids are long.
QString columnAlias(const QString &name)
{
    static const QStringList aliases = {QStringLiteral("ci"),     QStringLiteral("ci_half"),
                                        QStringLiteral("best"),   QStringLiteral("pct_of_best"),
                                        QStringLiteral("peak"),   QStringLiteral("pct_of_peak"),
                                        QStringLiteral("shared"), QStringLiteral("shared_memory")};
    for (qsizetype i = 0; i + 1 < aliases.size(); i += 2)
        if (sameName(name, aliases.at(i)))
            return aliases.at(i + 1);
    return name;
}

bool isTextColumn(ResultsModel::ColumnKind kind)
{
    return kind == ResultsModel::Status || kind == ResultsModel::Size ||
           kind == ResultsModel::Config || kind == ResultsModel::Message;
}

// "param:BM" -> "BM", "median" -> "median".
QString columnName(const ResultsModel &model, int column)
{
    const QString id = model.columnId(column);
    const qsizetype colon = id.indexOf(QLatin1Char(':'));
    return colon < 0 ? id : id.mid(colon + 1);
}

} // namespace

ResultsFilterQuery::Field filterField(const ResultsModel &model, int row, const QString &name)
{
    ResultsFilterQuery::Field field;
    if (sameName(name, QStringLiteral("status"))) {
        field.known = true;
        field.text = model.index(row, ResultsModel::StatusColumn).data().toString();
        return field;
    }
    const QString wanted = columnAlias(name);
    for (int column = 0; column < model.columnCount(); ++column) {
        if (isTextColumn(model.columnKind(column)) || !sameName(columnName(model, column), wanted))
            continue;
        field.known = true;
        const QVariant value = model.index(row, column).data(ResultsModel::SortRole);
        if (value.isValid())
            field.number = value.toDouble();
        return field;
    }
    // "N=256,M=64": the size's variables, each a whole name.
    const QString label = model.sizeLabel(model.resultAt(row).sizeIndex);
    for (const QString &pair : label.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!sameName(pair.section(QLatin1Char('='), 0, 0).trimmed(), name))
            continue;
        field.known = true;
        bool ok = false;
        const double value = pair.section(QLatin1Char('='), 1).toDouble(&ok);
        if (ok)
            field.number = value;
        return field;
    }
    return field;
}

QString filterText(const ResultsModel &model, int row)
{
    const ResultEvent &event = model.resultAt(row);
    return model.index(row, ResultsModel::StatusColumn).data().toString() + QLatin1Char(' ') +
           model.index(row, ResultsModel::SizeColumn).data().toString() + QLatin1Char(' ') +
           QString::fromStdString(event.configKey) + QLatin1Char(' ') +
           QString::fromStdString(event.result.message);
}

} // namespace tb
