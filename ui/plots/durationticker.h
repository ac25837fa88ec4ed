#pragma once

#include <qcustomplot.h>

#include <QString>

namespace tb {

// Ticks of a time axis (seconds) that read as durations: "800 µs", "1 ms", "2.5 ms", each label
// as precise as its tick needs, so no two read the same. On a logarithmic axis the ticks are
// 1-2-5 per decade when the range spans less than two decades (finer when that leaves fewer
// than three ticks, plain steps on a very narrow range) and decades otherwise, with the other
// integer multiples as sub-ticks. On either scale the ticks thin out to fit the axis's length:
// at most one label per label width plus a gap, so a narrow pane never runs labels together.
// One ticker belongs to one axis (it reads the axis's scale type, length and font).
class DurationTicker : public QCPAxisTicker
{
public:
    explicit DurationTicker(QCPAxis *axis);

    // Gives the axis a DurationTicker (and a number format that leaves its labels alone).
    static void install(QCPAxis *axis);

    // "700 µs", "1 ms", "1.25 ms", "0": the unit that fits, no trailing zeros.
    static QString label(double seconds);

    // The most ticks that fit the axis now.
    int maxTicks() const;

    void generate(const QCPRange &range, const QLocale &locale, QChar formatChar, int precision,
                  QVector<double> &ticks, QVector<double> *subTicks,
                  QVector<QString> *tickLabels) override;

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar,
                         int precision) override;

private:
    QVector<double> linearTicks(const QCPRange &range, int most) const;
    QVector<double> logTicks(const QCPRange &range, int most, QVector<double> *subTicks) const;
    int axisPixels() const;

    QCPAxis *m_axis;
};

} // namespace tb
