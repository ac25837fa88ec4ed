#include "resultsfilterproxy.h"

#include "models/devicemodellist.h"
#include "models/resultsmodel.h"
#include "resultsfilterfields.h"

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
    const QStringList words = tb::filterWords(text);
    if (words == m_words)
        return;
    m_words = words;
    m_query = ResultsFilterQuery(text);
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
    if (m_query.isEmpty())
        return true;
    return m_query.accepts(tb::filterText(*m_model, sourceRow), [&](const QString &name) {
        return filterField(*m_model, sourceRow, name);
    });
}

} // namespace tb
