#pragma once

#include <QCoreApplication>
#include <QStringList>
#include <QVariant>
#include <QVector>

namespace tb {

// The column layout of a results table: which columns a spec's results get, in which order,
// with the stable id that names each in the settings and the header a view shows. The layout
// depends on the spec (its parameters, metrics, objective, peak metric and backend), so a
// column is found by its kind and index (find()), never by position.
class ResultsColumns
{
    Q_DECLARE_TR_FUNCTIONS(ResultsColumns)
public:
    enum Kind
    {
        Status,
        Size,
        Config,
        Parameter,
        Median,
        Min,
        Stddev,
        Samples,
        Metric,
        Registers,
        Spills,
        SharedMemory,
        Occupancy,
        PercentOfBest,
        Uncertainty,
        Message,
        PercentOfPeak,
        Energy, // per launch, from the energy run
        Power,  // its average
    };
    struct Column
    {
        Kind kind;
        int index; // of the parameter or metric
    };
    // What the layout is made from: the spec's names and what it measures.
    struct Inputs
    {
        QStringList parameterNames;
        QStringList metricNames;
        QString objectiveMetric;    // the objective's metric; empty for time
        bool withPeak = false;      // the spec names a rate metric to judge against a peak
        bool withResources = false; // the backend reports registers, spills, ... (CUDA)
        bool withEnergy = false;    // an energy run gives each result its energy and power
    };

    ResultsColumns(); // status, size, config, the time figures and the message
    explicit ResultsColumns(const Inputs &inputs);

    int size() const { return int(m_columns.size()); }
    const Column &at(int column) const { return m_columns.at(column); }
    // The column of a kind (the index-th parameter or metric); -1 when the layout has none.
    int find(Kind kind, int index = 0) const;
    QString id(int column) const; // "median", "param:BM", "metric:GB/s", ...
    QString headerText(int column) const;
    // `peakToolTip` says what "% of peak" divides by: only the peak's owner knows.
    QVariant headerToolTip(int column, const QString &peakToolTip) const;

private:
    QVector<Column> m_columns;
    QStringList m_parameterNames;
    QStringList m_metricNames;
};

} // namespace tb
