#pragma once

#include "crossdevicepair.h"

#include <QAbstractTableModel>

namespace tb {

// The Compare page's cross-device table: two rows per problem size, one per run, with the
// run's device, its winner's median there, what that winner costs on the other run's device
// and the winner itself ("1.70 ms, 1.664x its best (+66.39%)", "not measured", "failed
// (runtime_error)"). Every figure is the engine's (compareAcrossDevices()); the model only words
// it, as `tunebench-cli compare` does.
class CrossDeviceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SizeColumn,
        RunColumn,
        DeviceColumn,
        MedianColumn,
        CostColumn,
        WinnerColumn, // last: a configuration's key is long, and the column stretches
        ColumnCount
    };
    enum Role
    {
        // The cost column's ratio (the winner's median on the other device over that device's
        // best) as a double where it was measured; invalid elsewhere and in other columns.
        RatioRole = Qt::UserRole + 1,
    };

    explicit CrossDeviceModel(QObject *parent = nullptr);

    // An empty pair (no sizes) empties the table.
    void setPair(const CrossDevicePair &pair);
    const CrossDevicePair &pair() const { return m_pair; }
    // "Run 1 on A, run 2 on B: ..." for over the table; empty while there are no rows.
    QString heading() const;
    // The table as the view shows it, tab-separated with a header line, for a spreadsheet
    // (Compare's Copy as Table appends it); empty while there are no rows.
    QString toTabSeparated() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // One run's half of a size: its record, winner and median, and its winner elsewhere.
    struct Side
    {
        const RunRecord &run;
        const RunRecord &other;
        const std::string &winner;
        double best;
        const CrossDeviceCost &cost;
    };
    Side side(int row) const;
    const CrossDeviceSize &sizeOf(int row) const;
    bool sizeMissing(int row) const; // run b's row of a size that run b lacks
    QString displayText(int row, int column) const;
    QString toolTip(int row, int column) const;
    QString sizeText(int row) const;
    QString winnerText(int row) const;
    QString costText(int row) const;

    CrossDevicePair m_pair;
};

} // namespace tb
