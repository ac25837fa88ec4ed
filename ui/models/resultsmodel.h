#pragma once

#include "session/sessionevents.h"

#include <QAbstractTableModel>
#include <QMap>
#include <QStringList>
#include <QVector>

namespace tb {

// The results of one run, one row per configuration and problem size, in arrival order.
// Columns: status, size, config, median, min, stddev, samples, each derived metric, and
// (for backends that report them) registers and spills. Qt::DisplayRole is formatted text;
// SortRole is the raw number (invalid when there is none, which sorts last).
class ResultsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        StatusRole, // the ResultStatus name, e.g. "ok"
    };
    enum Column
    {
        StatusColumn,
        SizeColumn,
        ConfigColumn,
        MedianColumn,
        MinColumn,
        StddevColumn,
        SamplesColumn,
        FirstMetricColumn,
    };

    explicit ResultsModel(QObject *parent = nullptr);

    // Clears the rows and sets the metric columns of the spec about to run.
    void reset(const QStringList &metricNames, bool withResources);
    void setSizeLabel(std::size_t sizeIndex, const QString &label);
    // One beginInsertRows per batch: a run of 100,000 results stays cheap for the views.
    void appendResults(const QVector<ResultEvent> &batch);
    const ResultEvent &resultAt(int row) const { return m_rows.at(row); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    int registersColumn() const { return FirstMetricColumn + int(m_metricNames.size()); }
    QVariant displayData(const ResultEvent &event, int column) const;
    QVariant sortData(const ResultEvent &event, int column) const;
    QVariant rawNumber(const ResultEvent &event, int column) const;

    QVector<ResultEvent> m_rows;
    QStringList m_metricNames;
    bool m_withResources = false;
    QMap<std::size_t, QString> m_sizeLabels;
};

} // namespace tb
