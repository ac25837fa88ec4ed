#pragma once

#include "export/exportcheck.h"

#include <QAbstractTableModel>

#include <vector>

namespace tb {

// The table of Run > Verify export...: one row per shipped configuration, the columns of
// `tunebench-cli verify`'s table (size, configuration, the exported median with its ~95%
// interval, the new one, the change, the verdict). A verdict other than held is shown red,
// its reason (a failed configuration's status and message) as the tooltip.
class VerificationModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SizeColumn,
        ConfigurationColumn,
        ExportedColumn,
        NowColumn,
        ChangeColumn,
        VerdictColumn,
        ColumnCount
    };
    // The row's verdict (ExportCheckRow::Verdict as int) in every column, for tests and
    // delegates that should not parse the text.
    static constexpr int VerdictRole = Qt::UserRole + 1;

    explicit VerificationModel(QObject *parent = nullptr);

    void setRows(std::vector<ExportCheckRow> rows);
    const std::vector<ExportCheckRow> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "1.23 ms ± 0.40%", or the median alone where no interval was recorded.
    static QString withUncertainty(double seconds, std::optional<double> relativeHalfWidth);

private:
    QVariant display(const ExportCheckRow &row, int column) const;

    std::vector<ExportCheckRow> m_rows;
};

} // namespace tb
