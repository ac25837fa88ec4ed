#include "parameterimportancemodel.h"

#include "model/parameter.h"
#include "models/durationformat.h"

#include <cmath>

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
        if (index.column() == CostColumn && !std::isnan(entry.importance))
            return tr("Even with every other parameter at its best, %1 = %2 is %3 worse than "
                      "%1 = %4")
                .arg(parameterName(index.row()), valueText(entry, entry.worstValue),
                     formatPercent(entry.importance), valueText(entry, entry.bestValue));
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
        return std::isnan(entry.importance) ? tr("n/a") : formatPercent(entry.importance);
    case BestValueColumn:
        return valueText(entry, entry.bestValue);
    case WorstValueColumn:
        return valueText(entry, entry.worstValue);
    case ValuesColumn:
        return int(entry.values.size());
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
    case CostColumn:
        return entry.importance;
    case BestValueColumn:
        return valueAt(entry.bestValue);
    case WorstValueColumn:
        return valueAt(entry.worstValue);
    case ValuesColumn:
        return int(entry.values.size());
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

QVariant ParameterImportanceModel::headerData(int section, Qt::Orientation orientation,
                                              int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == CostColumn)
        return tr("How much worse the best result with the parameter's worst value is than the "
                  "best result with its best value: what a wrong choice of it costs even with "
                  "everything else tuned");
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
    default:
        return {};
    }
}

} // namespace tb
