#pragma once

#include "export/parameterimportance.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace tb {

// The ranked parameters of one problem size (rankParameters()), one row each, most important
// first: how much choosing its worst value costs even with everything else tuned, its best and
// worst value, and how many values it took.
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
        ColumnCount
    };
    // The figure behind a cell, for sorting and tests: the rank (1 = most important), the
    // importance (NaN when undefined), the value; the parameter's index in the spec's order on
    // the parameter column.
    static constexpr int RawRole = Qt::UserRole + 1;

    explicit ParameterImportanceModel(QObject *parent = nullptr);

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

    QStringList m_names;
    std::vector<ParameterImportance> m_ranked;
};

} // namespace tb
