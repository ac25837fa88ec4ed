#include "verificationmodel.h"

#include "models/durationformat.h"

#include <QBrush>
#include <QColor>

namespace tb {

VerificationModel::VerificationModel(QObject *parent) : QAbstractTableModel(parent) {}

void VerificationModel::setRows(std::vector<ExportCheckRow> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int VerificationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int VerificationModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString VerificationModel::withUncertainty(double seconds, std::optional<double> relativeHalfWidth)
{
    QString text = formatDuration(seconds);
    if (relativeHalfWidth)
        text += QStringLiteral(" \u00b1 ") + formatPercent(*relativeHalfWidth);
    return text;
}

QVariant VerificationModel::display(const ExportCheckRow &row, int column) const
{
    const ShippedConfig &shipped = row.shipped;
    switch (Column(column)) {
    case SizeColumn:
        return shipped.sizeLabel.empty() ? QStringLiteral("-")
                                         : QString::fromStdString(shipped.sizeLabel);
    case ConfigurationColumn:
        return QString::fromStdString(shipped.configKey);
    case ExportedColumn:
        return withUncertainty(shipped.medianSeconds, shipped.relativeHalfWidth);
    case NowColumn:
        return row.newMedianSeconds
                   ? withUncertainty(*row.newMedianSeconds, row.newRelativeHalfWidth)
                   : QStringLiteral("-");
    case ChangeColumn:
        // Signed, as the CLI prints it: "+12.30%" is slower.
        return row.changePercent
                   ? (*row.changePercent >= 0 ? QStringLiteral("+") : QString()) +
                         QString::number(*row.changePercent, 'f', 2) + QLatin1Char('%')
                   : QStringLiteral("-");
    case VerdictColumn:
        return QString::fromLatin1(toString(row.verdict));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant VerificationModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ExportCheckRow &row = m_rows[std::size_t(index.row())];
    const bool held = row.verdict == ExportCheckRow::Verdict::Held;
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        return row.message.empty() ? QVariant() : QString::fromStdString(row.message);
    case Qt::ForegroundRole:
        // Only the verdict is coloured: the figures stay readable in either theme. Amber for
        // inconclusive: not a failure, not a pass either.
        if (index.column() != VerdictColumn || held)
            return {};
        return row.verdict == ExportCheckRow::Verdict::Inconclusive
                   ? QBrush(QColor(0xe6, 0x7e, 0x22))
                   : QBrush(QColor(0xc6, 0x28, 0x28));
    case Qt::TextAlignmentRole:
        return index.column() == ExportedColumn || index.column() == NowColumn ||
                       index.column() == ChangeColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case VerdictRole:
        return int(row.verdict);
    default:
        return {};
    }
}

QVariant VerificationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case SizeColumn:
        return tr("Size");
    case ConfigurationColumn:
        return tr("Configuration");
    case ExportedColumn:
        return tr("Exported median");
    case NowColumn:
        return tr("New median");
    case ChangeColumn:
        return tr("Change");
    case VerdictColumn:
        return tr("Verdict");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace tb
