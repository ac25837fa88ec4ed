#include "resultsfilterproxy.h"

#include "models/devicemodellist.h"
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

void ResultsFilterProxy::setDeviceModels(const DeviceModelList *deviceModels)
{
    if (m_deviceModels)
        disconnect(m_deviceModels, nullptr, this, nullptr);
    m_deviceModels = deviceModels;
    if (deviceModels)
        connect(deviceModels, &DeviceModelList::choiceChanged, this,
                &ResultsFilterProxy::invalidateFilter);
    invalidateFilter();
}

bool ResultsFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const bool leftHas = left.data(sortRole()).isValid();
    const bool rightHas = right.data(sortRole()).isValid();
    if (leftHas && rightHas)
        return QSortFilterProxyModel::lessThan(left, right);
    if (leftHas == rightHas) // neither: keep arrival order
        return sortOrder() == Qt::AscendingOrder ? left.row() < right.row()
                                                 : left.row() > right.row();
    // Descending order reverses this answer: an empty cell is "less" only then, so that it
    // comes last either way.
    return leftHas == (sortOrder() == Qt::AscendingOrder);
}

bool ResultsFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_model || sourceParent.isValid())
        return true;
    const ResultEvent &event = m_model->resultAt(sourceRow);
    if (m_deviceModels && !m_deviceModels->accepts(event.result.device))
        return false;
    const bool ok = event.result.status == ResultStatus::Ok;
    const bool compiled = compiledOnly(event.result);
    if ((m_status == OkOnly && (!ok || compiled)) || (m_status == CompiledOnly && !compiled) ||
        (m_status == FailedOnly && ok))
        return false;
    if (m_words.isEmpty())
        return true;
    const QString haystack =
        m_model->index(sourceRow, ResultsModel::StatusColumn).data().toString() + QLatin1Char(' ') +
        m_model->index(sourceRow, ResultsModel::SizeColumn).data().toString() + QLatin1Char(' ') +
        QString::fromStdString(event.configKey);
    for (const QString &word : m_words)
        if (!haystack.contains(word, Qt::CaseInsensitive))
            return false;
    return true;
}

} // namespace tb
