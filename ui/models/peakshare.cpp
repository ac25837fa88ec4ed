#include "peakshare.h"

#include "resultrowtext.h"

namespace tb {

PeakShare::PeakShare(const QString &metricName, int metric, const MetricRate &rate,
                     const DevicePeaks &peaks)
    : m_metricName(metricName), m_metric(metric), m_rate(rate), m_peaks(peaks)
{}

QVariant PeakShare::of(const ResultEvent &event) const
{
    if (m_metric < 0 || !resultrow::measured(event))
        return QVariant();
    const auto it = event.result.metrics.find(m_metricName.toStdString());
    if (it == event.result.metrics.end())
        return QVariant();
    const auto share = tb::shareOfPeak(it->second, m_rate, m_peaks);
    return share ? QVariant(*share) : QVariant();
}

QString PeakShare::toolTip() const
{
    if (m_metric < 0)
        return QString();
    const bool flops = m_rate.kind == RateKind::Flops;
    const std::optional<double> &peak = flops ? m_peaks.flopsPerSecond : m_peaks.bytesPerSecond;
    const QString what = flops ? tr("FP32 peak") : tr("DRAM bandwidth");
    if (!peak)
        return tr("%1 against the device's %2: this run has none (a CPU run, or a driver that "
                  "did not give its clocks). Give it in the spec: \"peaks\": {\"%3\": ...}")
            .arg(m_metricName, what, flops ? QStringLiteral("gflops") : QStringLiteral("gbps"));
    const QString text =
        tr("%1 against the device's %2: %3.")
            .arg(m_metricName, what,
                 QString::fromStdString(describePeaks(matchingPeak(m_peaks, m_rate.kind))));
    return flops ? text
                 : text + tr(" Above 100 % the data likely stayed in the L2 cache (a problem "
                             "that fits it): no DRAM figure");
}

} // namespace tb
