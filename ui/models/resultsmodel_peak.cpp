// ResultsModel: "% of peak", a result's rate metric against the device's matching peak.
#include "resultsmodel.h"

#include "resultrowtext.h"

namespace tb {

QVariant ResultsModel::shareOfPeak(const ResultEvent &event) const
{
    if (m_peakMetric < 0 || !resultrow::measured(event))
        return QVariant();
    const auto it = event.result.metrics.find(m_metricNames.at(m_peakMetric).toStdString());
    if (it == event.result.metrics.end())
        return QVariant();
    const auto share = tb::shareOfPeak(it->second, m_peakRate, m_peaks);
    return share ? QVariant(*share) : QVariant();
}

void ResultsModel::setPeaks(const DevicePeaks &peaks)
{
    m_peaks = peaks;
    const int column = this->column(PercentOfPeak);
    if (column < 0)
        return;
    emit headerDataChanged(Qt::Horizontal, column, column);
    if (rowCount() > 0)
        emit dataChanged(index(0, column), index(rowCount() - 1, column));
}

QString ResultsModel::peakToolTip() const
{
    if (m_peakMetric < 0)
        return QString();
    const QString metric = m_metricNames.at(m_peakMetric);
    const bool flops = m_peakRate.kind == RateKind::Flops;
    const std::optional<double> &peak = flops ? m_peaks.flopsPerSecond : m_peaks.bytesPerSecond;
    const QString what = flops ? tr("FP32 peak") : tr("DRAM bandwidth");
    if (!peak)
        return tr("%1 against the device's %2: this run has none (a CPU run, or a driver that "
                  "did not give its clocks). Give it in the spec: \"peaks\": {\"%3\": ...}")
            .arg(metric, what, flops ? QStringLiteral("gflops") : QStringLiteral("gbps"));
    const QString text =
        tr("%1 against the device's %2: %3.")
            .arg(metric, what,
                 QString::fromStdString(describePeaks(matchingPeak(m_peaks, m_peakRate.kind))));
    return flops ? text
                 : text + tr(" Above 100 % the data likely stayed in the L2 cache (a problem "
                             "that fits it): no DRAM figure");
}

} // namespace tb
