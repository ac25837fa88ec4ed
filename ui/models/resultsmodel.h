#pragma once

#include "analysis/devicemodeltally.h"
#include "model/devicepeaks.h"
#include "peakshare.h"
#include "resourcemark.h"
#include "resultscolumns.h"
#include "run/sessionevents.h"
#include "sizebests.h"

#include <QAbstractTableModel>
#include <QMap>
#include <QStringList>
#include <QVector>

namespace tb {

struct SpecOutline;

// The results of one run, one row per configuration and problem size, in arrival order.
// Columns: status (with an icon), size, config, one per parameter, the objective's metric when
// it is one (objective first, time second), median, % of best (the objective against its size's
// best so far), % of peak (the spec's rate metric against the device's peak, where the spec has
// one: PeakShare), the median's uncertainty (CI half-width), min, stddev, samples, one per other
// derived metric, for backends that report them (CUDA) registers, spills, shared memory and
// occupancy, and the failure message. Each size's best row is highlighted (SizeBests). A cell
// worth a second look is marked (a warning background, the reason first in its tooltip and in
// ResourceMarkRole; ResourceMark says which and why). In a run over several device models, a
// row's "% of best" and highlight are its own model's. The layout (ResultsColumns) depends on
// the spec, so columns are found by kind (column()); each has a stable id (ColumnIdRole in
// headerData) that names it in the settings. Qt::DisplayRole is formatted text; SortRole the raw
// number (invalid when there is none, which sorts last).
class ResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        StatusRole,       // the ResultStatus name, e.g. "ok"
        ColumnIdRole,     // headerData: "median", "param:BM", "metric:GB/s", ...
        ResourceMarkRole, // why a resource cell is marked ("spills 40 bytes ..."); else invalid
    };
    static constexpr double kRegisterLimit = ResourceMark::kRegisterLimit;
    static constexpr double kLowOccupancy = ResourceMark::kLowOccupancy;
    using ColumnKind = ResultsColumns::Kind;
    using enum ResultsColumns::Kind;
    // The columns every layout starts with.
    enum Column
    {
        StatusColumn,
        SizeColumn,
        ConfigColumn,
    };

    explicit ResultsModel(QObject *parent = nullptr);

    // Clears the rows and lays out the columns of the spec about to run (or shown).
    void reset(const QStringList &metricNames, bool withResources,
               const QStringList &parameterNames = {});
    void reset(const SpecOutline &outline);
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    QString sizeLabel(std::size_t sizeIndex) const; // "size 2" when none was set
    // Room for rows in all: a run announces how many it plans, so appending never regrows the
    // storage (a regrowth at 90,000 rows stalls the GUI for tens of milliseconds).
    void reserve(qsizetype rows);
    qsizetype capacity() const { return m_rows.capacity(); }
    // One beginInsertRows per batch: a run of 100,000 results stays cheap for the views.
    void appendResults(const QVector<ResultEvent> &batch);
    const ResultEvent &resultAt(int row) const { return m_rows.at(row); }
    // A finalist measured again in an extra round: its row shows every round combined.
    // False when no row has that size and configuration.
    bool replaceResult(const RoundEvent &event);

    // The device models the rows name: a run over mixed nodes ranks each apart, "% of best"
    // and the highlighted best included (DeviceModelList lets the Results page pick one).
    const DeviceModelTally &deviceModels() const { return m_deviceModels; }

    // The column of a kind (the index-th parameter or metric); -1 when the layout has none.
    int column(ColumnKind kind, int index = 0) const { return m_columns.find(kind, index); }
    ColumnKind columnKind(int column) const { return m_columns.at(column).kind; }
    QString columnId(int column) const;
    const QStringList &parameterNames() const { return m_parameterNames; }
    const QStringList &metricNames() const { return m_metricNames; }
    // What "% of peak" judges by: the peaks and the metric (-1: the column is not shown).
    const DevicePeaks &peaks() const { return m_peakShare.peaks(); }
    // Peaks learned after the reset (a launched CUDA run's GPU): "% of peak" recomputed.
    void setPeaks(const DevicePeaks &peaks);
    int peakMetric() const { return m_peakShare.metric(); }
    // The order that puts a column's best values first: descending for the spec's maximised
    // objective metric, ascending for every other column (times: the fastest first).
    Qt::SortOrder bestFirstOrder(int column) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    using ColumnSpec = ResultsColumns::Column;

    void resetModel(const QStringList &metricNames, bool withResources,
                    const QStringList &parameterNames, const SpecOutline *outline);
    QVariant displayData(const ResultEvent &event, int column) const;
    QVariant sortData(const ResultEvent &event, int column) const;
    QVariant rawNumber(const ResultEvent &event, const ColumnSpec &column) const;
    QVariant background(const ResultEvent &event, int column) const;
    QString resourceMark(const ResultEvent &event, int column) const; // empty: none
    QVariant cellToolTip(const ResultEvent &event, int column) const;
    void trackBests(int firstRow);
    void refreshSizeRows(std::size_t sizeIndex);

    QVector<ResultEvent> m_rows;
    ResultsColumns m_columns;
    QStringList m_metricNames;
    QString m_maximizedMetric; // the objective metric when it is maximised, else empty
    PeakShare m_peakShare;
    QStringList m_parameterNames;
    QMap<std::size_t, QString> m_sizeLabels;
    SizeBests m_bests;
    DeviceModelTally m_deviceModels;
    double m_roundsAgreeWithin = 0.01; // the spec's; rounds further apart flag their row
};

} // namespace tb
