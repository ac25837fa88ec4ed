// DurationTicker: time axes read as durations with distinct labels, 1-2-5 ticks under two
// decades of a log axis and decades over, and as many ticks as the axis's length holds.
#include "axischecks.h"
#include "plots/durationticker.h"

#include <qcustomplot.h>

#include <QTest>

#include <cmath>

using namespace tb;
using namespace plottest;

namespace {

// A shown plot with a DurationTicker on a log (or linear) left axis and the bottom axis.
struct TimePlot
{
    QCustomPlot plot;

    TimePlot(QSize size, bool logarithmic)
    {
        plot.resize(size);
        plot.yAxis->setScaleType(logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
        DurationTicker::install(plot.yAxis);
        DurationTicker::install(plot.xAxis);
        plot.show();
    }
};

QVector<double> relative(const QVector<double> &ticks, double unit)
{
    QVector<double> result;
    for (const double tick : ticks)
        result.append(std::round(tick / unit * 1000) / 1000);
    return result;
}

} // namespace

class TestDurationTicker : public QObject
{
    Q_OBJECT
private slots:
    void labelsNameTheUnitWithoutTrailingZeros()
    {
        QCOMPARE(DurationTicker::label(8e-4), QStringLiteral("800 µs"));
        QCOMPARE(DurationTicker::label(1e-3), QStringLiteral("1 ms"));
        QCOMPARE(DurationTicker::label(0.1 * 1e-2), QStringLiteral("1 ms")); // 0.000999...
        QCOMPARE(DurationTicker::label(2.5e-3), QStringLiteral("2.5 ms"));
        QCOMPARE(DurationTicker::label(1.025e-3), QStringLiteral("1.025 ms"));
        QCOMPARE(DurationTicker::label(5e-9), QStringLiteral("5 ns"));
        QCOMPARE(DurationTicker::label(1.5), QStringLiteral("1.5 s"));
        QCOMPARE(DurationTicker::label(0), QStringLiteral("0"));
    }

    void underTwoDecadesLabelsAreDistinctDurations()
    {
        TimePlot time(QSize(400, 400), true);
        QVERIFY(QTest::qWaitForWindowExposed(&time.plot));
        time.plot.yAxis->setRange(0.7e-3, 2.2e-3);
        const QStringList labels = tickLabels(time.plot.yAxis);
        QVERIFY2(allDistinct(labels), qPrintable(labels.join(", ")));
        for (const QString &label : labels)
            QVERIFY2(isDuration(label), qPrintable(label));
        // 1-2-5 leaves only 1 and 2 ms in this range: the finer mantissas fill it.
        QCOMPARE(labels, QStringList({"700 µs", "800 µs", "900 µs", "1 ms", "2 ms"}));

        // A decade and a half: 1-2-5.
        time.plot.yAxis->setRange(1e-4, 3e-3);
        QCOMPARE(tickLabels(time.plot.yAxis),
                 QStringList({"100 µs", "200 µs", "500 µs", "1 ms", "2 ms"}));
    }

    void overTwoDecadesTicksAreDecades()
    {
        TimePlot time(QSize(400, 400), true);
        QVERIFY(QTest::qWaitForWindowExposed(&time.plot));
        time.plot.yAxis->setRange(0.8e-6, 1.5e-3);
        QCOMPARE(tickLabels(time.plot.yAxis), QStringList({"1 µs", "10 µs", "100 µs", "1 ms"}));
        QCOMPARE(relative(time.plot.yAxis->tickVector(), 1e-6),
                 QVector<double>({1, 10, 100, 1000}));
        // The integer multiples between them are sub-ticks (the sub-grid).
        QVector<double> ticks, subTicks;
        time.plot.yAxis->ticker()->generate(time.plot.yAxis->range(), QLocale::c(), 'g', 6, ticks,
                                            &subTicks, nullptr);
        QCOMPARE(ticks, time.plot.yAxis->tickVector());
        QCOMPARE(relative(subTicks, 1e-6).mid(0, 4), QVector<double>({0.8, 0.9, 2, 3}));
        QVERIFY(subTicks.size() >= 8 * 3);
    }

    void aNarrowLogRangeGetsPlainSteps()
    {
        TimePlot time(QSize(400, 400), true);
        QVERIFY(QTest::qWaitForWindowExposed(&time.plot));
        time.plot.yAxis->setRange(1.001e-3, 1.006e-3);
        const QStringList labels = tickLabels(time.plot.yAxis);
        QVERIFY2(labels.size() >= 2, qPrintable(labels.join(", ")));
        QVERIFY2(allDistinct(labels), qPrintable(labels.join(", ")));
        for (const QString &label : labels)
            QVERIFY2(isDuration(label), qPrintable(label));
    }

    void ticksThinOutToTheAxisLength()
    {
        TimePlot wide(QSize(900, 300), false);
        TimePlot narrow(QSize(230, 300), false);
        QVERIFY(QTest::qWaitForWindowExposed(&narrow.plot));
        for (TimePlot *time : {&wide, &narrow})
            time->plot.xAxis->setRange(726e-6, 819e-6);
        const QStringList wideLabels = tickLabels(wide.plot.xAxis);
        const QStringList narrowLabels = tickLabels(narrow.plot.xAxis);
        QVERIFY2(narrowLabels.size() >= 2, qPrintable(narrowLabels.join(", ")));
        QVERIFY2(narrowLabels.size() <= 230 / 75, qPrintable(narrowLabels.join(", ")));
        QVERIFY(wideLabels.size() > narrowLabels.size());
        QVERIFY(labelsApart(narrow.plot.xAxis));
        QVERIFY(labelsApart(wide.plot.xAxis));
        for (const QString &label : wideLabels + narrowLabels)
            QVERIFY2(isDuration(label), qPrintable(label));
        QVERIFY(allDistinct(wideLabels));
    }
};

QTEST_MAIN(TestDurationTicker)
#include "tst_durationticker.moc"
