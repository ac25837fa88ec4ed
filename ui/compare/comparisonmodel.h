#pragma once

#include "compareentry.h"
#include "comparisonrow.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QVector>

namespace tb {

// Two or more results side by side: one column per entry, one row per figure (parameters,
// status, timer, timings, derived metrics, resources). Every non-baseline cell also shows its
// difference to the baseline entry in percent, coloured green where it is better and red where
// it is worse, by the row's direction (times lower, rates higher).
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        ValueRole = Qt::UserRole + 1, // the raw value: double (seconds, bytes...) or QString
        DifferenceRole,               // percent against the baseline: double, or invalid
        VerdictRole,                  // a Verdict as int
        RowKeyRole,                   // the row's ComparisonRow::key
    };
    enum Verdict
    {
        NotRated, // baseline column, text row, neutral row, or a value missing
        Same,
        Better,
        Worse,
    };

    explicit ComparisonModel(QObject *parent = nullptr);

    void setEntries(const QVector<CompareEntry> &entries);
    const QVector<CompareEntry> &entries() const { return m_entries; }

    // The column the others are compared against; the first by default.
    int baseline() const { return m_baseline; }
    void setBaseline(int column);

    // Overrides the guessed direction of a derived metric (e.g. the spec's objective).
    void setMetricDirection(const QString &metric, MetricDirection direction);

    int rowForKey(const QString &key) const; // -1 when there is no such row
    const ComparisonRow &rowAt(int row) const { return m_rows.at(row); }

    // The whole comparison as tab-separated text with raw numbers, for a spreadsheet: a header
    // of captions, then one line per row; each non-baseline entry gets a "vs baseline" column.
    QString toTabSeparated() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

signals:
    void baselineChanged(int column);

private:
    void rebuildRows();
    QVariant value(int row, int column) const;
    QVariant difference(int row, int column) const;
    Verdict verdict(int row, int column) const;
    QString displayText(int row, int column) const;
    QString toolTip(int row, int column) const;

    QVector<CompareEntry> m_entries;
    QVector<ComparisonRow> m_rows;
    QHash<QString, MetricDirection> m_directions;
    int m_baseline = -1;
};

} // namespace tb
