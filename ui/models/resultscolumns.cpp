#include "resultscolumns.h"

namespace tb {

ResultsColumns::ResultsColumns() : ResultsColumns(Inputs()) {}

ResultsColumns::ResultsColumns(const Inputs &inputs)
    : m_parameterNames(inputs.parameterNames), m_metricNames(inputs.metricNames)
{
    m_columns = {{Status, 0}, {Size, 0}, {Config, 0}};
    for (int i = 0; i < m_parameterNames.size(); ++i)
        m_columns.append({Parameter, i});
    // The objective first, time second: a GFLOP/s objective's column leads the figures.
    const bool metricObjective = !inputs.objectiveMetric.isEmpty();
    const int objective = int(m_metricNames.indexOf(inputs.objectiveMetric));
    if (metricObjective && objective >= 0)
        m_columns.append({Metric, objective});
    m_columns.append({Median, 0});
    m_columns.append({PercentOfBest, 0});
    if (inputs.withPeak)
        m_columns.append({PercentOfPeak, 0});
    for (const Kind kind : {Uncertainty, Min, Stddev, Samples})
        m_columns.append({kind, 0});
    for (int i = 0; i < m_metricNames.size(); ++i)
        if (i != objective || !metricObjective)
            m_columns.append({Metric, i});
    if (inputs.withEnergy)
        m_columns.append({{Energy, 0}, {Power, 0}});
    if (inputs.withResources)
        for (const Kind kind : {Registers, Spills, SharedMemory, Occupancy})
            m_columns.append({kind, 0});
    m_columns.append({Message, 0});
}

int ResultsColumns::find(Kind kind, int index) const
{
    for (int column = 0; column < m_columns.size(); ++column)
        if (m_columns.at(column).kind == kind && m_columns.at(column).index == index)
            return column;
    return -1;
}

QString ResultsColumns::id(int column) const
{
    static const char *ids[] = {"status",  "size",          "config",    "param",       "median",
                                "min",     "stddev",        "samples",   "metric",      "registers",
                                "spills",  "shared_memory", "occupancy", "pct_of_best", "ci_half",
                                "message", "pct_of_peak",   "energy_j",  "power_w"};
    const Column &spec = m_columns.at(column);
    const QString id = QString::fromLatin1(ids[spec.kind]);
    if (spec.kind == Parameter)
        return id + QLatin1Char(':') + m_parameterNames.at(spec.index);
    if (spec.kind == Metric)
        return id + QLatin1Char(':') + m_metricNames.at(spec.index);
    return id;
}

QString ResultsColumns::headerText(int column) const
{
    const Column &spec = m_columns.at(column);
    switch (spec.kind) {
    case Status:
        return tr("Status");
    case Size:
        return tr("Size");
    case Config:
        return tr("Config");
    case Parameter:
        return m_parameterNames.at(spec.index);
    case Median:
        return tr("Median");
    case Min:
        return tr("Min");
    case Stddev:
        return tr("Stddev");
    case Samples:
        return tr("Samples");
    case Metric:
        return m_metricNames.at(spec.index);
    case Registers:
        return tr("Registers");
    case Spills:
        return tr("Spills (bytes)");
    case SharedMemory:
        return tr("Shared mem (bytes)");
    case Occupancy:
        return tr("Occupancy");
    case PercentOfBest:
        return tr("% of best");
    case PercentOfPeak:
        return tr("% of peak");
    case Uncertainty:
        return tr("\u00b1 CI");
    case Message:
        return tr("Message");
    case Energy:
        return tr("Energy");
    case Power:
        return tr("Power");
    }
    return QString();
}

QVariant ResultsColumns::headerToolTip(int column, const QString &peakToolTip) const
{
    const Column &spec = m_columns.at(column);
    switch (spec.kind) {
    case Parameter:
        return tr("Tunable parameter %1").arg(m_parameterNames.at(spec.index));
    case Metric:
        return tr("Derived metric %1 (from the spec)").arg(m_metricNames.at(spec.index));
    case Registers:
        return tr("Registers per thread (ptxas)");
    case Spills:
        return tr("Spill stores + spill loads, bytes per thread");
    case SharedMemory:
        return tr("Shared memory per block: static + dynamic, bytes");
    case Occupancy:
        return tr("Theoretical occupancy: active warps per SM / the SM's warp slots");
    case Median:
        return tr("Median of the samples (Harrell-Davis estimate)");
    case PercentOfBest:
        return tr("The objective as a share of its problem size's best so far: 100 % is the "
                  "best, 80 % takes 1.25 times as long (or reaches 80 % of the best's GFLOP/s)");
    case PercentOfPeak:
        return peakToolTip;
    case Uncertainty:
        return tr("Half-width of the median's ~95 % confidence interval, relative to the "
                  "median: another run would most likely land within it");
    case Message:
        return tr("Why a configuration failed (the full text in the tooltip)");
    case Energy:
        return tr("Energy per launch, from NVML's energy counter over a back-to-back run "
                  "(measurement.energy_seconds)");
    case Power:
        return tr("Average power of the GPU over that run");
    default:
        return QVariant();
    }
}

} // namespace tb
