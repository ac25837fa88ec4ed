#include "parameterimportancemodel.h"

#include "model/parameter.h"
#include "models/durationformat.h"

#include <QBrush>
#include <QColor>

#include <cmath>
#include <limits>

namespace tb {

ParameterImportanceModel::ParameterImportanceModel(QObject *parent) : QAbstractTableModel(parent) {}

void ParameterImportanceModel::setRanking(const QStringList &names,
                                          std::vector<ParameterImportance> ranked)
{
    // A handful of rows, recomputed at most twice a second: a reset is the honest signal (the
    // order itself may change) and costs nothing here.
    beginResetModel();
    m_names = names;
    m_ranked = std::move(ranked);
    endResetModel();
}

void ParameterImportanceModel::setObjective(const QString &metric, bool minimize)
{
    m_objective = metric;
    m_minimize = minimize;
}

void ParameterImportanceModel::clear()
{
    setRanking({}, {});
}

QString ParameterImportanceModel::parameterName(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const std::size_t parameter = m_ranked[std::size_t(row)].parameter;
    return m_names.value(qsizetype(parameter), tr("parameter %1").arg(parameter + 1));
}

int ParameterImportanceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ranked.size());
}

int ParameterImportanceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ParameterImportanceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ParameterImportance &entry = m_ranked[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(entry, index.row(), index.column());
    case RawRole:
        return raw(entry, index.row(), index.column());
    case Qt::TextAlignmentRole:
        return index.column() == ParameterColumn ? QVariant()
                                                 : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == CostColumn) {
            const QString tip = costToolTip(entry, index.row());
            return tip.isEmpty() ? QVariant() : QVariant(tip);
        }
        return {};
    case Qt::ForegroundRole:
        // A value that always fails is what the eye must find first.
        if (entry.failingValues > 0 &&
            (index.column() == CostColumn || index.column() == FailuresColumn))
            return QBrush(QColor(0xd6, 0x45, 0x41));
        return {};
    default:
        return {};
    }
}

QVariant ParameterImportanceModel::display(const ParameterImportance &entry, int row,
                                           int column) const
{
    switch (column) {
    case RankColumn:
        return row + 1;
    case ParameterColumn:
        return parameterName(row);
    case CostColumn:
        return costText(entry);
    case BestValueColumn:
        return valueText(entry, entry.bestValue);
    case WorstValueColumn:
        return valueText(entry, entry.worstValue);
    case ValuesColumn:
        return int(entry.values.size());
    case FailuresColumn:
        return failuresText(entry);
    default:
        return {};
    }
}

QVariant ParameterImportanceModel::raw(const ParameterImportance &entry, int row, int column) const
{
    const auto valueAt = [&entry](int valueIndex) {
        return valueIndex < 0 ? QVariant() : QVariant(entry.values[std::size_t(valueIndex)].value);
    };
    switch (column) {
    case RankColumn:
        return row + 1;
    case ParameterColumn:
        return qulonglong(entry.parameter);
    case CostColumn: // a value that always fails costs the whole result
        return entry.failingValues > 0 ? std::numeric_limits<double>::infinity() : entry.importance;
    case BestValueColumn:
        return valueAt(entry.bestValue);
    case WorstValueColumn:
        return valueAt(entry.worstValue);
    case ValuesColumn:
        return int(entry.values.size());
    case FailuresColumn: {
        std::size_t failed = 0;
        for (const ValueBest &value : entry.values)
            failed += value.failedCount;
        return qulonglong(failed);
    }
    default:
        return {};
    }
}

QString ParameterImportanceModel::valueText(const ParameterImportance &entry, int valueIndex) const
{
    if (valueIndex < 0)
        return QStringLiteral("-");
    return QString::fromStdString(formatValue(entry.values[std::size_t(valueIndex)].value));
}

QString ParameterImportanceModel::costText(const ParameterImportance &entry) const
{
    if (entry.failingValues > 1)
        return tr("fails at %1 and %n more", nullptr, int(entry.failingValues - 1))
            .arg(valueText(entry, entry.firstFailingValue));
    if (entry.failingValues == 1)
        return tr("fails at %1").arg(valueText(entry, entry.firstFailingValue));
    return std::isnan(entry.importance) ? tr("n/a") : formatPercent(entry.importance);
}

QString ParameterImportanceModel::costToolTip(const ParameterImportance &entry, int row) const
{
    const QString name = parameterName(row);
    QString tip;
    if (entry.failingValues > 0)
        tip = tr("Every result with %1 = %2 failed: that choice gives no result at all.")
                  .arg(name, valueText(entry, entry.firstFailingValue));
    if (std::isnan(entry.importance) || entry.worstValue == entry.bestValue)
        return tip;
    const QString worst = valueText(entry, entry.worstValue);
    const QString best = valueText(entry, entry.bestValue);
    const QString percent = formatPercent(entry.importance);
    // The objective's own terms: a time takes longer, a rate is partly lost.
    const QString cost =
        m_minimize ? tr("Even with every other parameter at its best, %1 = %2 takes %3 longer "
                        "than %1 = %4")
                         .arg(name, worst, percent, best)
                   : tr("Even with every other parameter at its best, %1 = %2 loses %3 of the "
                        "%4 that %1 = %5 reaches")
                         .arg(name, worst, percent, m_objective, best);
    return tip.isEmpty() ? cost
                         : tip + QLatin1Char('\n') + tr("Among the values that ran: ") + cost;
}

QString ParameterImportanceModel::failuresText(const ParameterImportance &entry) const
{
    QStringList parts;
    for (std::size_t i = 0; i < entry.values.size(); ++i) {
        const ValueBest &value = entry.values[i];
        if (value.failedCount == 0)
            continue;
        const QString count = value.alwaysFails()
                                  ? tr("all %1 failed").arg(value.allCount)
                                  : tr("%1 of %2").arg(value.failedCount).arg(value.allCount);
        parts << tr("%1: %2").arg(valueText(entry, int(i)), count);
    }
    return parts.isEmpty() ? tr("none") : parts.join(QStringLiteral("; "));
}

QVariant ParameterImportanceModel::headerData(int section, Qt::Orientation orientation,
                                              int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == CostColumn)
        return tr("What a wrong choice of the parameter costs even with everything else tuned, "
                  "the best result with its worst value against the best with its best value: "
                  "for a time, how much longer it takes; for a rate (GFLOP/s), the share of it "
                  "lost. \"fails at\": a value whose every result failed");
    if (role == Qt::ToolTipRole && section == FailuresColumn)
        return tr("Failed results per value (compile errors, wrong results, time-outs, ...)");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("#");
    case ParameterColumn:
        return tr("Parameter");
    case CostColumn:
        return tr("Worst value costs");
    case BestValueColumn:
        return tr("Best value");
    case WorstValueColumn:
        return tr("Worst value");
    case ValuesColumn:
        return tr("Values");
    case FailuresColumn:
        return tr("Failed");
    default:
        return {};
    }
}

} // namespace tb
