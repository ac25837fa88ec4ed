#include "resultsmodel.h"

#include "durationformat.h"
#include "model/parameter.h"
#include "resultrowtext.h"
#include "session/specoutline.h"
#include "statusicon.h"

#include <QBrush>
#include <QLocale>

#include <cmath>

namespace tb {

using namespace resultrow;

namespace {

QVariant orInvalid(const std::optional<double> &value)
{
    return value ? QVariant(*value) : QVariant();
}

bool isTime(ResultsModel::ColumnKind kind)
{
    return kind == ResultsModel::Median || kind == ResultsModel::Min ||
           kind == ResultsModel::Stddev;
}

bool isCount(ResultsModel::ColumnKind kind)
{
    return kind == ResultsModel::Samples || kind == ResultsModel::Registers ||
           kind == ResultsModel::Spills || kind == ResultsModel::SharedMemory;
}

} // namespace

ResultsModel::ResultsModel(QObject *parent) : QAbstractTableModel(parent)
{
    layOutColumns(false);
}

void ResultsModel::reset(const QStringList &metricNames, bool withResources,
                         const QStringList &parameterNames)
{
    resetModel(metricNames, withResources, parameterNames, nullptr);
}

void ResultsModel::reset(const SpecOutline &outline)
{
    resetModel(outline.metricNames, outline.cuda, outline.parameterNames, &outline);
}

void ResultsModel::resetModel(const QStringList &metricNames, bool withResources,
                              const QStringList &parameterNames, const SpecOutline *outline)
{
    beginResetModel();
    m_rows = QVector<ResultEvent>(); // gives the last run's memory back
    m_sizeLabels.clear();
    m_metricNames = metricNames;
    m_parameterNames = parameterNames;
    const bool minimize = !outline || outline->minimize;
    const bool isMetric = outline && metricNames.contains(outline->objectiveMetric);
    m_objectiveMetric = isMetric ? outline->objectiveMetric : QString();
    m_maximizedMetric = minimize ? QString() : m_objectiveMetric;
    m_bests.reset(minimize);
    m_deviceModels.clear();
    m_roundsAgreeWithin = outline ? outline->roundsAgreeWithin : 0.01;
    m_peaks = outline ? outline->peaks : DevicePeaks();
    m_peakMetric = outline && outline->peakMetric < metricNames.size() ? outline->peakMetric : -1;
    m_peakRate = m_peakMetric >= 0 ? outline->metricRates.value(m_peakMetric) : MetricRate();
    layOutColumns(withResources);
    endResetModel();
}

Qt::SortOrder ResultsModel::bestFirstOrder(int column) const
{
    const ColumnSpec &spec = m_columns.at(column);
    const bool maximised = spec.kind == Metric && !m_maximizedMetric.isEmpty() &&
                           m_metricNames.value(spec.index) == m_maximizedMetric;
    return maximised ? Qt::DescendingOrder : Qt::AscendingOrder;
}

void ResultsModel::setSizeLabel(std::size_t sizeIndex, const QString &label)
{
    m_sizeLabels.insert(sizeIndex, label);
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, SizeColumn), index(rowCount() - 1, SizeColumn));
}

QString ResultsModel::sizeLabel(std::size_t sizeIndex) const
{
    return m_sizeLabels.value(sizeIndex, tr("size %1").arg(sizeIndex + 1));
}

void ResultsModel::reserve(qsizetype rows)
{
    if (rows > m_rows.capacity())
        m_rows.reserve(rows);
}

int ResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant ResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const ResultEvent &event = m_rows.at(index.row());
    const bool statusColumn = index.column() == StatusColumn;
    switch (role) {
    case Qt::DisplayRole:
        return displayData(event, index.column());
    case SortRole:
        return sortData(event, index.column());
    case StatusRole:
        return stateText(event.result);
    case Qt::DecorationRole:
        if (!statusColumn)
            return QVariant();
        return hasCaveats(event, m_roundsAgreeWithin) ? cautionIcon()
                                                      : statusIcon(event.result.status);
    case Qt::ToolTipRole:
        return cellToolTip(event, index.column());
    case ResourceMarkRole: {
        const QString mark = resourceMark(event, index.column());
        return mark.isEmpty() ? QVariant() : QVariant(mark);
    }
    case Qt::ForegroundRole:
        if (statusColumn && event.result.status != ResultStatus::Ok)
            return QBrush(statusColor(event.result.status));
        return QVariant();
    case Qt::BackgroundRole:
        return background(event, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() > ConfigColumn && m_columns.at(index.column()).kind != Message)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    default:
        return QVariant();
    }
}

// Each size's best row stands out in a long table, with the status colour of "ok" washed out;
// a marked resource cell with the timeout's orange, on the best row too.
QVariant ResultsModel::background(const ResultEvent &event, int column) const
{
    if (!resourceMark(event, column).isEmpty()) {
        QColor warning = statusColor(ResultStatus::Timeout);
        warning.setAlpha(96);
        return QBrush(warning);
    }
    if (!m_bests.isBest(event.sizeIndex, event.result.device, rankedObjective(event)))
        return QVariant();
    QColor wash = statusColor(ResultStatus::Ok);
    wash.setAlpha(48);
    return QBrush(wash);
}

QVariant ResultsModel::rawNumber(const ResultEvent &event, const ColumnSpec &column) const
{
    const Result &result = event.result;
    switch (column.kind) {
    case Parameter:
        if (std::size_t(column.index) < event.config.values.size())
            return event.config.values[std::size_t(column.index)];
        return QVariant();
    case Samples:
        return result.summary.count;
    // Compile figures stay with a failed config: 255 registers may be why it failed.
    case Registers:
        return orInvalid(result.resource("registers"));
    case Spills:
        return orInvalid(sumOf(result, {"spill_stores", "spill_loads"}));
    case SharedMemory:
        return orInvalid(sumOf(result, {"static_shared", "dynamic_shared"}));
    case Occupancy: // an invalid launch has none: its 0 is no occupancy to compare
        if (result.status == ResultStatus::InvalidLaunch)
            return QVariant();
        return orInvalid(result.resource("occupancy"));
    default:
        break;
    }
    if (!measured(event))
        return QVariant();
    switch (column.kind) {
    case Median:
        return result.summary.median;
    case PercentOfBest: {
        const double share =
            m_bests.shareOfBest(event.sizeIndex, event.result.device, rankedObjective(event));
        return std::isnan(share) ? QVariant() : QVariant(share);
    }
    case PercentOfPeak:
        return shareOfPeak(event);
    case Uncertainty:
        return result.summary.relativeHalfWidth > 0 ? QVariant(result.summary.relativeHalfWidth)
                                                    : QVariant();
    case Min:
        return result.summary.min;
    case Stddev:
        return result.summary.stddev;
    case Metric: {
        const auto it = result.metrics.find(m_metricNames.at(column.index).toStdString());
        return it == result.metrics.end() ? QVariant() : QVariant(it->second);
    }
    default:
        return QVariant();
    }
}

QVariant ResultsModel::displayData(const ResultEvent &event, int column) const
{
    const ColumnSpec &spec = m_columns.at(column);
    switch (spec.kind) {
    case Status:
        return stateText(event.result);
    case Size:
        return sizeLabel(event.sizeIndex);
    case Config:
        return QString::fromStdString(event.configKey);
    case Message:
        return firstLine(event.result.message);
    default:
        break;
    }
    const QVariant value = rawNumber(event, spec);
    if (spec.kind == Occupancy && event.result.status == ResultStatus::InvalidLaunch)
        return QStringLiteral("-");
    if (!value.isValid())
        return QString();
    const double number = value.toDouble();
    if (spec.kind == Parameter)
        return QString::fromStdString(formatValue(number));
    if (isTime(spec.kind))
        return formatDuration(number);
    if (isCount(spec.kind))
        return QLocale::c().toString(value.toLongLong());
    if (spec.kind == Occupancy)
        return QStringLiteral("%1 %").arg(qRound(number * 100));
    if (spec.kind == PercentOfBest || spec.kind == PercentOfPeak)
        return QStringLiteral("%1 %").arg(number * 100, 0, 'f', 1);
    if (spec.kind == Uncertainty)
        return QString::fromUtf8("\u00b1%1 %").arg(number * 100, 0, 'f', number < 0.1 ? 2 : 1);
    return formatNumber(number);
}

QVariant ResultsModel::sortData(const ResultEvent &event, int column) const
{
    const ColumnSpec &spec = m_columns.at(column);
    switch (spec.kind) {
    case Status:
        return int(event.result.status);
    case Size:
        return qulonglong(event.sizeIndex);
    case Config:
        return QString::fromStdString(event.configKey);
    case Message:
        return QString::fromStdString(event.result.message);
    default:
        return rawNumber(event, spec);
    }
}

} // namespace tb
