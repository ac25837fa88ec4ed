#include "devicemodellist.h"

#include "resultsmodel.h"

#include <algorithm>

namespace tb {

DeviceModelList::DeviceModelList(const ResultsModel *results, QObject *parent)
    : QAbstractListModel(parent), m_results(results)
{
    connect(results, &QAbstractItemModel::rowsInserted, this, &DeviceModelList::follow);
    // Before the reset, while the rows are still there: the views re-filter every row on the
    // reset itself, by then against the cleared choice (announcing it would have them filter
    // rows the results model no longer holds).
    connect(results, &QAbstractItemModel::modelAboutToBeReset, this, &DeviceModelList::clear);
    follow();
}

int DeviceModelList::modelCount() const
{
    return int(std::count_if(m_entries.begin(), m_entries.end(),
                             [](const Entry &entry) { return !entry.device.empty(); }));
}

int DeviceModelList::chosenRow() const
{
    for (std::size_t row = 0; row < m_entries.size(); ++row)
        if (m_entries[row].device == m_chosen)
            return int(row);
    return -1;
}

void DeviceModelList::choose(const std::string &device)
{
    m_picked = true;
    if (device == m_chosen)
        return;
    m_chosen = device;
    emit choiceChanged();
}

bool DeviceModelList::accepts(const std::string &device) const
{
    return !mixed() || device == m_chosen;
}

// The models named so far, then the results that name none; nothing while at most one model
// is named.
std::vector<DeviceModelList::Entry> DeviceModelList::entriesNow() const
{
    const DeviceModelTally &tally = m_results->deviceModels();
    std::vector<Entry> entries;
    if (!tally.mixed())
        return entries;
    for (const DeviceModelTally::Model &model : tally.models())
        entries.push_back({model.device, model.results});
    if (tally.unmeasured() > 0)
        entries.push_back({std::string(), tally.unmeasured()});
    return entries;
}

// Rows are only added (a model's, before the unmeasured one) or recounted while results
// arrive: a selector over the list keeps its current row.
void DeviceModelList::follow()
{
    std::vector<Entry> now = entriesNow();
    const bool wasMixed = mixed();
    for (std::size_t row = 0; row < now.size(); ++row) {
        const bool known = row < m_entries.size() && m_entries[row].device == now[row].device;
        if (known) {
            m_entries[row].results = now[row].results;
            continue;
        }
        beginInsertRows(QModelIndex(), int(row), int(row));
        m_entries.insert(m_entries.begin() + std::ptrdiff_t(row), now[row]);
        endInsertRows();
    }
    if (!m_entries.empty())
        emit dataChanged(index(0), index(rowCount() - 1));
    const std::string most = m_results->deviceModels().mostMeasured();
    const bool moved = mixed() && !m_picked && most != m_chosen;
    if (moved)
        m_chosen = most;
    if (moved || wasMixed != mixed())
        emit choiceChanged();
}

void DeviceModelList::clear()
{
    beginResetModel();
    m_entries.clear();
    m_chosen.clear();
    m_picked = false;
    endResetModel();
}

int DeviceModelList::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant DeviceModelList::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Entry &entry = m_entries.at(std::size_t(index.row()));
    switch (role) {
    case Qt::DisplayRole: {
        const QString results =
            entry.results == 1 ? tr("1 result") : tr("%1 results").arg(entry.results);
        const QString name = entry.device.empty() ? tr("Not measured on any device")
                                                  : QString::fromStdString(entry.device);
        return tr("%1 (%2)").arg(name, results);
    }
    case Qt::ToolTipRole:
        return entry.device.empty()
                   ? tr("Results no device measured (failed compiles): ranked apart")
                   : tr("Results measured on %1: ranked among themselves only")
                         .arg(QString::fromStdString(entry.device));
    case DeviceRole:
        return QString::fromStdString(entry.device);
    case CountRole:
        return qulonglong(entry.results);
    default:
        return QVariant();
    }
}

} // namespace tb
