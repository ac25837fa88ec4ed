#include "timelineseries.h"

#include <algorithm>

namespace tb {

void TimelineSeries::append(double evaluation, double seconds, double median)
{
    m_latestSeconds = m_medians.isEmpty() ? seconds : std::max(m_latestSeconds, seconds);
    if (m_bestChanges.isEmpty() || median < m_medians[m_bestChanges.last()]) {
        m_bestChanges.append(m_medians.size());
        m_bestChangeSeconds.append(m_latestSeconds);
    }
    m_evaluations.append(evaluation);
    m_seconds.append(seconds);
    m_medians.append(median);
}

std::optional<double> TimelineSeries::bestSoFar() const
{
    if (m_bestChanges.isEmpty())
        return std::nullopt;
    return m_medians[m_bestChanges.last()];
}

void TimelineSeries::points(TimelineXAxis axis, qsizetype from, QVector<double> &keys,
                            QVector<double> &values) const
{
    keys = (axis == TimelineXAxis::Seconds ? m_seconds : m_evaluations).mid(from);
    values = m_medians.mid(from);
}

void TimelineSeries::bestLine(TimelineXAxis axis, QVector<double> &keys,
                              QVector<double> &values) const
{
    keys.clear();
    values.clear();
    if (m_bestChanges.isEmpty())
        return;
    const bool seconds = axis == TimelineXAxis::Seconds;
    for (qsizetype i = 0; i < m_bestChanges.size(); ++i) {
        keys.append(seconds ? m_bestChangeSeconds[i] : m_evaluations[m_bestChanges[i]]);
        values.append(m_medians[m_bestChanges[i]]);
    }
    const double lastKey = seconds ? m_latestSeconds : m_evaluations.last();
    if (lastKey > keys.last()) {
        keys.append(lastKey);
        values.append(values.last());
    }
}

} // namespace tb
