#include "resultsmodel.h"

#include "durationformat.h"
#include "model/parameter.h"
#include "model/resultfigure.h"
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

// The outline's peaks, and its peak metric when it names one of the columns' metrics (the
// peaks are kept without one: the roofline reads them too).
PeakShare peakShareOf(const SpecOutline &outline, const QStringList &metricNames)
{
    const int metric = outline.peakMetric < metricNames.size() ? outline.peakMetric : -1;
    const QString name = metric >= 0 ? metricNames.at(metric) : QString();
    const MetricRate rate = metric >= 0 ? outline.metricRates.value(metric) : MetricRate();
    return PeakShare(name, metric, rate, outline.peaks);
}

} // namespace

ResultsModel::ResultsModel(QObject *parent) : QAbstractTableModel(parent) {}

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
    const QString objectiveMetric = isMetric ? outline->objectiveMetric : QString();
    m_maximizedMetric = minimize ? QString() : objectiveMetric;
    m_bests.reset(minimize);
    m_deviceModels.clear();
    m_roundsAgreeWithin = outline ? outline->roundsAgreeWithin : 0.01;
    m_peakShare = outline ? peakShareOf(*outline, metricNames) : PeakShare();
    m_columns =
        ResultsColumns({parameterNames, metricNames, objectiveMetric, m_peakShare.metric() >= 0,
                        withResources, outline && outline->energy});
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
        return orInvalid(result.resource(figures::kRegisters));
    case Spills:
        return orInvalid(sumOf(result, {figures::kSpillStores, figures::kSpillLoads}));
    case SharedMemory:
        return orInvalid(sumOf(result, {figures::kStaticShared, figures::kDynamicShared}));
    case Occupancy: // an invalid launch has none: its 0 is no occupancy to compare
        if (result.status == ResultStatus::InvalidLaunch)
            return QVariant();
        return orInvalid(result.resource(figures::kOccupancy));
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
        return m_peakShare.of(event);
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
    case Energy:
        return orInvalid(result.resource(figures::kEnergyJoules));
    case Power:
        return orInvalid(result.resource(figures::kPowerWatts));
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
    if (spec.kind == Energy)
        return formatNumber(number) + QStringLiteral(" J");
    if (spec.kind == Power)
        return formatNumber(number) + QStringLiteral(" W");
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

void ResultsModel::appendResults(const QVector<ResultEvent> &batch)
{
    if (batch.isEmpty())
        return;
    const int firstRow = rowCount();
    beginInsertRows(QModelIndex(), firstRow, firstRow + int(batch.size()) - 1);
    m_rows += batch;
    // Counted before the views hear of the rows: the device-model selector and the table's
    // filter read the tally when they do.
    for (const ResultEvent &event : batch)
        m_deviceModels.add(event.result.device);
    endInsertRows();
    trackBests(firstRow);
}

// A new best changes "% of best" and the highlight of every row of its size, so those rows
// are announced changed, once per size and batch (rows of one size mostly arrive together).
void ResultsModel::trackBests(int firstRow)
{
    // A second device model arrived: from now on every row is judged by its own model's best.
    const bool regrouped = m_bests.perDeviceModel() != m_deviceModels.mixed();
    m_bests.setPerDeviceModel(m_deviceModels.mixed());
    QVector<std::size_t> improved;
    for (int row = firstRow; row < rowCount(); ++row) {
        const ResultEvent &event = m_rows.at(row);
        if (m_bests.add(event.sizeIndex, event.result.device, row, rankedObjective(event)) &&
            !improved.contains(event.sizeIndex))
            improved.append(event.sizeIndex);
    }
    if (regrouped && firstRow > 0) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    for (const std::size_t sizeIndex : improved)
        if (m_bests.firstRow(sizeIndex) < firstRow)
            refreshSizeRows(sizeIndex);
}

void ResultsModel::refreshSizeRows(std::size_t sizeIndex)
{
    emit dataChanged(index(m_bests.firstRow(sizeIndex), 0),
                     index(m_bests.lastRow(sizeIndex), columnCount() - 1));
}

bool ResultsModel::replaceResult(const RoundEvent &event)
{
    for (int row = 0; row < rowCount(); ++row) {
        ResultEvent &shown = m_rows[row];
        if (shown.sizeIndex != event.sizeIndex || shown.configKey != event.configKey)
            continue;
        // The combined result carries no samples: keep the rounds' so far and add this one's,
        // so the histogram shows every sample the combined summary counts. Stored rounds
        // come without theirs: the reused result already shows what the store holds.
        std::vector<double> samples = std::move(shown.result.samples);
        if (!event.stored && event.measured.status == ResultStatus::Ok)
            samples.insert(samples.end(), event.measured.samples.begin(),
                           event.measured.samples.end());
        // The row stays with the device model it was counted under (the tally's).
        std::string device = std::move(shown.result.device);
        shown.result = event.combined;
        shown.result.samples = std::move(samples);
        shown.result.device = std::move(device);
        shown.objective = event.objective;
        shown.roundMedians = event.medians;
        shown.roundClocks = event.clocks;
        std::vector<std::pair<std::string, double>> objectives;
        for (const ResultEvent &other : std::as_const(m_rows))
            if (other.sizeIndex == event.sizeIndex)
                objectives.emplace_back(other.result.device, rankedObjective(other));
        m_bests.recompute(event.sizeIndex, objectives);
        refreshSizeRows(event.sizeIndex);
        return true;
    }
    return false;
}

void ResultsModel::setPeaks(const DevicePeaks &peaks)
{
    m_peakShare.setPeaks(peaks);
    const int column = this->column(PercentOfPeak);
    if (column < 0)
        return;
    emit headerDataChanged(Qt::Horizontal, column, column);
    if (rowCount() > 0)
        emit dataChanged(index(0, column), index(rowCount() - 1, column));
}

QString ResultsModel::columnId(int column) const
{
    return m_columns.id(column);
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical)
        return role == Qt::DisplayRole ? QVariant(section + 1) : QVariant();
    if (section < 0 || section >= m_columns.size())
        return QVariant();
    switch (role) {
    case Qt::DisplayRole:
        return m_columns.headerText(section);
    case Qt::ToolTipRole:
        return m_columns.headerToolTip(section, m_peakShare.toolTip());
    case ColumnIdRole:
        return columnId(section);
    default:
        return QVariant();
    }
}

QString ResultsModel::resourceMark(const ResultEvent &event, int column) const
{
    const ColumnSpec &spec = m_columns.at(column);
    if (!ResourceMark::judges(spec.kind))
        return QString();
    return ResourceMark::reason(spec.kind, rawNumber(event, spec), event);
}

// A marked cell says why first, then what the whole row's tooltip says (a failure's message,
// an ok result's caveats).
QVariant ResultsModel::cellToolTip(const ResultEvent &event, int column) const
{
    const QVariant row = resultrow::toolTip(event, m_roundsAgreeWithin);
    const QString mark = resourceMark(event, column);
    if (mark.isEmpty())
        return row;
    return row.isValid() ? QVariant(mark + QStringLiteral("\n\n") + row.toString())
                         : QVariant(mark);
}

} // namespace tb
