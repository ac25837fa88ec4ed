#include "metricdirection.h"

#include <QRegularExpression>

namespace tb {

MetricDirection guessMetricDirection(const QString &metricName)
{
    // Rates first: "GFLOP/s" names a time unit but is a throughput.
    static const QRegularExpression higher(
        QStringLiteral("/\\s*(s|sec|second)\\b|per\\s*sec|throughput|bandwidth|flop|\\bops\\b|"
                       "speed ?up|occupancy|efficiency|utili[sz]ation|hit ?rate"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression lower(
        QStringLiteral("time|latency|duration|cycles|seconds|error|spill|energy|joule|"
                       "^\\s*(s|ms|us|\\x{00b5}s|ns)\\s*$"),
        QRegularExpression::CaseInsensitiveOption);
    if (higher.match(metricName).hasMatch())
        return MetricDirection::HigherIsBetter;
    if (lower.match(metricName).hasMatch())
        return MetricDirection::LowerIsBetter;
    return MetricDirection::Neutral;
}

} // namespace tb
