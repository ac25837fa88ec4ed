#pragma once

#include "model/devicepeaks.h"
#include "model/metricrate.h"
#include "run/sessionevents.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

namespace tb {

// "% of peak": a result's rate metric (the spec's peakMetricIndex()) as a share of the device's
// matching peak, FP32 FLOP/s or DRAM bandwidth. A value type: the peaks may arrive after the
// run starts (a launched CUDA run's GPU), and setPeaks() takes them then.
class PeakShare
{
    Q_DECLARE_TR_FUNCTIONS(PeakShare)
public:
    PeakShare() = default; // no metric: no column
    PeakShare(const QString &metricName, int metric, const MetricRate &rate,
              const DevicePeaks &peaks);

    int metric() const { return m_metric; } // the metric's index; -1: none
    const DevicePeaks &peaks() const { return m_peaks; }
    void setPeaks(const DevicePeaks &peaks) { m_peaks = peaks; }
    // The share (1 = at the peak); invalid when the result is unmeasured, lacks the metric or
    // the run lacks the peak.
    QVariant of(const ResultEvent &event) const;
    // What the share divides by, or how to give the missing peak.
    QString toolTip() const;

private:
    QString m_metricName;
    int m_metric = -1;
    MetricRate m_rate;
    DevicePeaks m_peaks;
};

} // namespace tb
