#pragma once

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QRegularExpression>
#include <QStringList>

// What the plot suites check of a time axis: its labels as drawn, that they read as durations,
// and that none runs into its neighbour.
namespace plottest {

// The axis's tick labels after the plot is laid out at its current size (the second replot
// sees the first one's layout, as a shown plot does).
inline QStringList tickLabels(QCPAxis *axis)
{
    axis->parentPlot()->replot();
    axis->parentPlot()->replot();
    const QVector<QString> labels = axis->tickVectorLabels();
    return QStringList(labels.begin(), labels.end());
}

// "700 µs", "1 ms", "2.5 ms", "0": a number and a time unit.
inline bool isDuration(const QString &label)
{
    static const QRegularExpression pattern(QStringLiteral("^(0|\\d+(\\.\\d+)? (ns|µs|ms|s))$"));
    return pattern.match(label).hasMatch();
}

inline bool allDistinct(const QStringList &labels)
{
    return QSet<QString>(labels.begin(), labels.end()).size() == labels.size();
}

// What is wrong with a median-time axis ("median time", three or more distinct duration
// labels), or empty; labels receives the tick labels as drawn.
inline QString timeAxisProblem(QCPAxis *axis, QStringList *labels = nullptr)
{
    const QStringList drawn = tickLabels(axis);
    if (labels)
        *labels = drawn;
    if (axis->label() != QStringLiteral("median time"))
        return QStringLiteral("axis title: ") + axis->label();
    if (drawn.size() < 3 || !allDistinct(drawn))
        return QStringLiteral("labels: ") + drawn.join(QStringLiteral(", "));
    for (const QString &label : drawn)
        if (!isDuration(label))
            return QStringLiteral("not a duration: ") + label;
    return {};
}

// Whether each tick label of a horizontal axis keeps `gap` pixels from its neighbours.
inline bool labelsApart(QCPAxis *axis, int gap = 6)
{
    const QFontMetrics metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    for (int i = 0; i + 1 < ticks.size(); ++i) {
        const double distance = axis->coordToPixel(ticks[i + 1]) - axis->coordToPixel(ticks[i]);
        const double needed =
            (metrics.horizontalAdvance(labels[i]) + metrics.horizontalAdvance(labels[i + 1])) /
                2.0 +
            gap;
        if (distance < needed)
            return false;
    }
    return true;
}

} // namespace plottest
