#include "resultsfilterproxy.h"

#include "models/resultsmodel.h"

namespace tb {

ResultsFilterProxy::ResultsFilterProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(ResultsModel::SortRole);
}

void ResultsFilterProxy::setResultsModel(ResultsModel *model)
{
    m_model = model;
    setSourceModel(model);
}

void ResultsFilterProxy::setFilterText(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateFilter();
}

void ResultsFilterProxy::setStatusFilter(StatusFilter filter)
{
    if (filter == m_status)
        return;
    m_status = filter;
    invalidateFilter();
}

bool ResultsFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_model || sourceParent.isValid())
        return true;
    const ResultEvent &event = m_model->resultAt(sourceRow);
    const bool ok = event.result.status == ResultStatus::Ok;
    if ((m_status == OkOnly && !ok) || (m_status == FailedOnly && ok))
        return false;
    if (m_words.isEmpty())
        return true;
    const QString haystack = QString::fromUtf8(toString(event.result.status).data()) +
                             QLatin1Char(' ') +
                             m_model->index(sourceRow, ResultsModel::SizeColumn).data().toString() +
                             QLatin1Char(' ') + QString::fromStdString(event.configKey);
    for (const QString &word : m_words)
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    return true;
}

} // namespace tb
