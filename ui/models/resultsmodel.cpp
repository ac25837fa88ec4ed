#include "resultsmodel.h"

#include "durationformat.h"

#include <QBrush>
#include <QColor>

namespace tb {

namespace {

bool measured(const ResultEvent &event)
{
    return event.result.status == ResultStatus::Ok && event.result.summary.count > 0;
}

std::optional<double> spills(const ResultEvent &event)
{
    const auto stores = event.result.resource("spill_stores");
    const auto loads = event.result.resource("spill_loads");
    if (!stores && !loads)
        return std::nullopt;
    return stores.value_or(0) + loads.value_or(0);
}

} // namespace

ResultsModel::ResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ResultsModel::reset(const QStringList &metricNames, bool withResources)
{
    beginResetModel();
    m_rows.clear();
    m_sizeLabels.clear();
    m_metricNames = metricNames;
    m_withResources = withResources;
    endResetModel();
}

void ResultsModel::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_sizeLabels.insert(sizeIndex, label);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, SizeColumn), index(rowCount() - 1, SizeColumn));
}

void ResultsModel::appendResults(const QVector<ResultEvent> &batch)
{
    if (batch.isEmpty())
        return;
    beginInsertRows(QModelIndex(), rowCount(), rowCount() + int(batch.size()) - 1);
    m_rows += batch;
    endInsertRows();
}

int ResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : registersColumn() + (m_withResources ? 2 : 0);
}

QVariant ResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const ResultEvent &event = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return displayData(event, index.column());
    case SortRole:
        return sortData(event, index.column());
    case StatusRole:
        return QString::fromUtf8(toString(event.result.status).data());
    case Qt::ToolTipRole:
        return event.result.message.empty() ? QVariant()
                                            : QString::fromStdString(event.result.message);
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn && event.result.status != ResultStatus::Ok)
            return QBrush(QColor(0xc0, 0x39, 0x2b));
        return QVariant();
    case Qt::TextAlignmentRole:
        if (index.column() >= MedianColumn)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    default:
        return QVariant();
    }
}

QVariant ResultsModel::rawNumber(const ResultEvent &event, int column) const
{
    const SampleSummary &summary = event.result.summary;
    if (column == SamplesColumn)
        return summary.count;
    if (column == registersColumn()) {
        const auto value = event.result.resource("registers");
        return value ? QVariant(*value) : QVariant();
    }
    if (column == registersColumn() + 1) {
        const auto value = spills(event);
        return value ? QVariant(*value) : QVariant();
    }
    if (!measured(event))
        return QVariant();
    switch (column) {
    case MedianColumn:
        return summary.median;
    case MinColumn:
        return summary.min;
    case StddevColumn:
        return summary.stddev;
    default:
        break;
    }
    const QString name = m_metricNames.value(column - FirstMetricColumn);
    const auto it = event.result.metrics.find(name.toStdString());
    return it == event.result.metrics.end() ? QVariant() : QVariant(it->second);
}

QVariant ResultsModel::displayData(const ResultEvent &event, int column) const
{
    switch (column) {
    case StatusColumn:
        return QString::fromUtf8(toString(event.result.status).data());
    case SizeColumn:
        return m_sizeLabels.value(event.sizeIndex, QString::number(event.sizeIndex + 1));
    case ConfigColumn:
        return QString::fromStdString(event.configKey);
    default:
        break;
    }
    const QVariant value = rawNumber(event, column);
    if (!value.isValid())
        return QString();
    if (column == MedianColumn || column == MinColumn || column == StddevColumn)
        return formatDuration(value.toDouble());
    if (column == SamplesColumn || column >= registersColumn())
        return QString::number(value.toLongLong());
    return formatNumber(value.toDouble());
}

QVariant ResultsModel::sortData(const ResultEvent &event, int column) const
{
    switch (column) {
    case StatusColumn:
        return int(event.result.status);
    case SizeColumn:
        return qulonglong(event.sizeIndex);
    case ConfigColumn:
        return QString::fromStdString(event.configKey);
    default:
        return rawNumber(event, column);
    }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return QVariant();
    if (orientation == Qt::Vertical)
        return section + 1;
    static const char *fixed[] = {"Status", "Size", "Config", "Median", "Min", "Stddev", "Samples"};
    if (section < FirstMetricColumn)
        return tr(fixed[section]);
    if (section < registersColumn())
        return m_metricNames.value(section - FirstMetricColumn);
    return section == registersColumn() ? tr("Registers") : tr("Spills (bytes)");
}

} // namespace tb
