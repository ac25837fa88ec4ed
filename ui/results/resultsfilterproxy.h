#pragma once

#include "resultsfilterquery.h"

#include <QSortFilterProxyModel>
#include <QStringList>

namespace tb {

class DeviceModelList;
class ResultsModel;

// Filters and sorts a ResultsModel for the Results page. The text filter is terms that must all
// hold (ResultsFilterQuery): comparisons of a named field ("BM>=64", "N=512", "median<2ms",
// "status=timeout") and words found in a row's state, size, config or message ("wrong",
// "compiled", "\"out of memory\""); the status filter keeps every row, the timed ok ones, the
// compiled but untimed ones or the failed ones; in a run over several device models only the chosen
// model's rows pass (DeviceModelList), so one model's rows never sort among another's. Sorting uses
// the model's raw numbers (ResultsModel::SortRole), so "900 ns" sorts before "2.00 ms"; rows with
// no value in the column (a failure has no median, an invalid launch no occupancy) sort last
// in both directions.
class ResultsFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum StatusFilter
    {
        AnyStatus,
        OkOnly, // ok and timed
        FailedOnly,
        CompiledOnly, // ok, compiled but not timed (a compile-only run)
    };

    explicit ResultsFilterProxy(QObject *parent = nullptr);

    void setResultsModel(ResultsModel *model);
    ResultsModel *resultsModel() const { return m_model; }

    void setFilterText(const QString &text);
    QString filterText() const { return m_words.join(QLatin1Char(' ')); }
    void setStatusFilter(StatusFilter filter);
    StatusFilter statusFilter() const { return m_status; }
    // Keeps only the rows of the model chosen there (every row while the run names one).
    void setDeviceModels(const DeviceModelList *deviceModels);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    ResultsModel *m_model = nullptr;
    const DeviceModelList *m_deviceModels = nullptr;
    QStringList m_words;
    ResultsFilterQuery m_query;
    StatusFilter m_status = AnyStatus;
};

} // namespace tb
