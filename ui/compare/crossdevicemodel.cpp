#include "crossdevicemodel.h"

#include "model/resultstatus.h"
#include "models/durationformat.h"
#include "session/runcaption.h"

#include <QLocale>

namespace tb {

namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

QString runName(const RunRecord &run)
{
    return CrossDeviceModel::tr("run %1").arg(run.id);
}

// "1.664x its best (+66.39%)": the ratio as the CLI's compare prints it, so the two read alike.
QString ratioText(double ratio)
{
    const QLocale c = QLocale::c();
    const double percent = (ratio - 1) * 100;
    return CrossDeviceModel::tr("%1x its best (%2%3%)")
        .arg(c.toString(ratio, 'f', 3), percent >= 0 ? QStringLiteral("+") : QString(),
             c.toString(percent, 'f', 2));
}

// A copied cell: a tab or line break (a device name read from another tool's file may hold
// one) would split it.
QString tableCell(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

} // namespace

CrossDeviceModel::CrossDeviceModel(QObject *parent) : QAbstractTableModel(parent) {}

void CrossDeviceModel::setPair(const CrossDevicePair &pair)
{
    beginResetModel();
    m_pair = pair;
    endResetModel();
}

QString CrossDeviceModel::heading() const
{
    if (m_pair.sizes.empty())
        return {};
    return tr("Across devices: %1 on %2, %3 on %4. Each size's winner on each device, and what "
              "it costs on the other: its median there over that device's best.")
        .arg(runName(m_pair.a), runDeviceText(m_pair.a), runName(m_pair.b),
             runDeviceText(m_pair.b));
}

QString CrossDeviceModel::toTabSeparated() const
{
    if (rowCount() == 0)
        return {};
    QStringList lines;
    QStringList cells;
    for (int column = 0; column < ColumnCount; ++column)
        cells << headerData(column, Qt::Horizontal).toString();
    lines << cells.join(QLatin1Char('\t'));
    for (int row = 0; row < rowCount(); ++row) {
        cells.clear();
        for (int column = 0; column < ColumnCount; ++column)
            cells << tableCell(displayText(row, column));
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

int CrossDeviceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_pair.sizes.size()) * 2;
}

int CrossDeviceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const CrossDeviceSize &CrossDeviceModel::sizeOf(int row) const
{
    return m_pair.sizes.at(std::size_t(row / 2));
}

// Even rows are run a's, odd rows run b's.
CrossDeviceModel::Side CrossDeviceModel::side(int row) const
{
    const CrossDeviceSize &size = sizeOf(row);
    if (row % 2 == 0)
        return {m_pair.a, m_pair.b, size.winnerA, size.bestA, size.aWinnerOnB};
    return {m_pair.b, m_pair.a, size.winnerB, size.bestB, size.bWinnerOnA};
}

bool CrossDeviceModel::sizeMissing(int row) const
{
    return row % 2 == 1 && !sizeOf(row).inB;
}

QVariant CrossDeviceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return displayText(index.row(), index.column());
    case Qt::ToolTipRole:
        return toolTip(index.row(), index.column());
    case RatioRole: {
        const CrossDeviceCost &cost = side(index.row()).cost;
        if (index.column() == CostColumn && cost.state == CrossDeviceCost::State::Measured)
            return cost.ratio();
        return {};
    }
    default:
        return {};
    }
}

QString CrossDeviceModel::displayText(int row, int column) const
{
    const Side run = side(row);
    switch (column) {
    case SizeColumn:
        return sizeText(row);
    case RunColumn:
        return runName(run.run);
    case DeviceColumn:
        return runDeviceText(run.run);
    case WinnerColumn:
        return winnerText(row);
    case MedianColumn:
        return run.winner.empty() || sizeMissing(row) ? QString() : formatDuration(run.best);
    case CostColumn:
        return costText(row);
    default:
        return {};
    }
}

// The size on its first row; on the second, whether both devices picked one configuration.
QString CrossDeviceModel::sizeText(int row) const
{
    const CrossDeviceSize &size = sizeOf(row);
    if (row % 2 == 0)
        return q(size.sizeLabel);
    const bool same = size.inB && !size.winnerA.empty() && size.winnerA == size.winnerB;
    return same ? tr("the same winner on both") : QString();
}

QString CrossDeviceModel::winnerText(int row) const
{
    if (sizeMissing(row))
        return tr("no such problem size in %1").arg(runName(m_pair.b));
    const std::string &winner = side(row).winner;
    return winner.empty() ? tr("no ok result") : q(winner);
}

QString CrossDeviceModel::costText(int row) const
{
    const CrossDeviceCost &cost = side(row).cost;
    switch (cost.state) {
    case CrossDeviceCost::State::NoWinner:
        return {}; // no winner here, or the other run lacks the size: the row says which
    case CrossDeviceCost::State::NotMeasured:
        return tr("not measured");
    case CrossDeviceCost::State::Failed:
        return tr("failed (%1)").arg(q(std::string(toString(cost.failure))));
    case CrossDeviceCost::State::Measured:
        break;
    }
    return formatDuration(cost.medianThere) + QStringLiteral(", ") + ratioText(cost.ratio());
}

QString CrossDeviceModel::toolTip(int row, int column) const
{
    const Side run = side(row);
    if (column == WinnerColumn)
        return winnerText(row);
    if (column != CostColumn || run.cost.state == CrossDeviceCost::State::NoWinner)
        return {};
    const QString where = tr("%1's winner in %2 (%3)")
                              .arg(runName(run.run), runName(run.other), runDeviceText(run.other));
    switch (run.cost.state) {
    case CrossDeviceCost::State::NotMeasured:
        return tr("%1: %2 holds no timed result of it at this size.")
            .arg(where, runName(run.other));
    case CrossDeviceCost::State::Failed:
        return tr("%1: it failed there.").arg(where);
    default:
        return tr("%1: %2, against that device's best %3.")
            .arg(where, formatDuration(run.cost.medianThere), formatDuration(run.cost.bestThere));
    }
}

QVariant CrossDeviceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SizeColumn:
        return tr("Problem size");
    case RunColumn:
        return tr("Run");
    case DeviceColumn:
        return tr("Device");
    case WinnerColumn:
        return tr("Winner");
    case MedianColumn:
        return tr("Median");
    case CostColumn:
        return tr("Winner on the other device");
    default:
        return {};
    }
}

} // namespace tb
