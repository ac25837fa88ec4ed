#pragma once

#include "analysis/parameterimportance.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace tb {

// The ranked parameters of one problem size (rankParameters()), one row each, most important
// first: how much choosing its worst value costs even with everything else tuned, in the
// objective's terms (worstValueCost(): a time's slowdown, a rate's share lost), its best and
// worst value, how many values it took and how many results of each value failed. A parameter
// with a value whose every result failed says so in its cost ("fails at 256"), not 0.00%.
class ParameterImportanceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn,
        ParameterColumn,
        CostColumn, // the importance, as a percentage
        BestValueColumn,
        WorstValueColumn,
        ValuesColumn,
        FailuresColumn, // per value with failures: "64: 1 of 2"
        ColumnCount
    };
    // The figure behind a cell, for sorting and tests: the rank (1 = most important), the
    // importance (NaN when undefined), the value; the parameter's index in the spec's order on
    // the parameter column; on the cost column +infinity where a value always fails; the
    // failed results on the failures column.
    static constexpr int RawRole = Qt::UserRole + 1;

    explicit ParameterImportanceModel(QObject *parent = nullptr);

    // The objective the costs are stated in: "time" (minimised) or a metric's name.
    void setObjective(const QString &metric, bool minimize);
    // Names in the spec's order; the ranking of the table on show.
    void setRanking(const QStringList &names, std::vector<ParameterImportance> ranked);
    void clear();

    const std::vector<ParameterImportance> &ranking() const { return m_ranked; }
    QString parameterName(int row) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const ParameterImportance &entry, int row, int column) const;
    QVariant raw(const ParameterImportance &entry, int row, int column) const;
    QString valueText(const ParameterImportance &entry, int valueIndex) const;
    QString costText(const ParameterImportance &entry) const;
    QString costToolTip(const ParameterImportance &entry, int row) const;
    QString failuresText(const ParameterImportance &entry) const;

    QStringList m_names;
    std::vector<ParameterImportance> m_ranked;
    QString m_objective = QStringLiteral("time");
    bool m_minimize = true;
};

} // namespace tb
